import { useTranslation } from 'react-i18next';
import { useModalDialog } from '../../../shared/ui/use-modal-dialog';

const RULES = ['music.rules.own', 'music.rules.clean', 'music.rules.review', 'music.rules.share'];

/** The music upload and sharing rules, in a modal dialog (Escape and the button close it). */
export function MusicRulesDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const dialog = useModalDialog(open);

  return (
    <dialog ref={dialog} className="music-rules" aria-labelledby="music-rules-title" onClose={onClose}>
      <h2 id="music-rules-title">{t('music.rules.title')}</h2>
      <ol>
        {RULES.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ol>
      <button type="button" className="music-button" onClick={onClose} autoFocus>
        {t('common.close')}
      </button>
    </dialog>
  );
}
