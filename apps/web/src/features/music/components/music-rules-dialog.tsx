import { useTranslation } from '../../../shared/i18n/use-translation';
import { Dialog } from '../../../shared/ui/dialog';

const RULES = ['music.rules.own', 'music.rules.clean', 'music.rules.review', 'music.rules.share'];

/** The music upload and sharing rules, in a modal dialog. */
export function MusicRulesDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('music.rules.title')} size="narrow">
      <ol className="music-rules">
        {RULES.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ol>
    </Dialog>
  );
}
