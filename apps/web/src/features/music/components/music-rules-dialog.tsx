import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

const RULES = ['music.rules.own', 'music.rules.clean', 'music.rules.review', 'music.rules.share'];

/** The music upload and sharing rules, in a modal dialog (Escape and the button close it). */
export function MusicRulesDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

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
