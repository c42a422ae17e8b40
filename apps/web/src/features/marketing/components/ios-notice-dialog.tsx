import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { publicConfig } from '../../../shared/config/public-config';
import './ios-notice-dialog.css';

const SEEN_KEY = 'iosNoticeSeen';

function seenThisSession(): boolean {
  try {
    return window.sessionStorage.getItem(SEEN_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberSeen() {
  try {
    window.sessionStorage.setItem(SEEN_KEY, '1');
  } catch {
    // storage disabled: the notice shows again next visit, which is harmless
  }
}

/**
 * The iOS maintenance notice of May 20, 2025 (spec sections 1 and 2): a modal on the home page
 * while the operator switch `iosNoticeOpen` is on; once closed it stays closed for the session.
 * The closed dialog is always in the markup (hidden, no layout), so a prerendered page and the
 * hydrated one agree; it opens after mount.
 */
export function IosNoticeDialog() {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open && publicConfig.iosNoticeOpen && !seenThisSession()) element.showModal();
  }, []);

  return (
    <dialog ref={dialog} className="ios-notice" aria-labelledby="ios-notice-title" onClose={rememberSeen} data-testid="ios-notice">
      <h2 id="ios-notice-title">{t('home.ios_notice.title')}</h2>
      <p className="ios-notice__date">{t('home.ios_notice.date')}</p>
      <p>{t('home.ios_notice.body')}</p>
      <p>{t('home.ios_notice.compensation')}</p>
      <form method="dialog">
        <button type="submit" className="ios-notice__ok" autoFocus>
          {t('home.ios_notice.ok')}
        </button>
      </form>
    </dialog>
  );
}
