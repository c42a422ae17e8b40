import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { IOS_NOTICE_SEEN_COOKIE } from '@vsp/contract/prerender';
import { publicConfig } from '../../../shared/config/public-config';
import { readCookie, writeCookie } from '../../../shared/storage/cookies';
import './ios-notice-dialog.css';

/** Closed by the visitor in this browser session (a session cookie the server reads too). */
function seenThisSession(): boolean {
  return readCookie(IOS_NOTICE_SEEN_COOKIE) === '1';
}

function rememberSeen() {
  writeCookie(IOS_NOTICE_SEEN_COOKIE, '1');
}

/** Set by the prerender for the home page's variant with the notice open (never in the browser). */
export const iosNoticePrerender = { open: false };

/**
 * The iOS maintenance notice of May 20, 2025 (spec sections 1 and 2): a modal on the home page
 * while the operator switch `iosNoticeOpen` is on; once closed it stays closed for the session.
 * The dialog is always in the markup. The server sends the prerendered home page with it open
 * (`open`, styled like the modal) when the notice is due; the app's first render drops that
 * attribute and, in the same task, opens it as a real modal. Only the visitor's own dismissal
 * (the button or Escape) marks it seen.
 */
export function IosNoticeDialog() {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);

  // A layout effect: on a prerendered page the first render drops the server's `open`, and the modal
  // must be up again before the browser paints (no frame without the notice).
  useLayoutEffect(() => {
    const element = dialog.current;
    if (element && !element.open && publicConfig.iosNoticeOpen && !seenThisSession()) element.showModal();
  }, []);

  return (
    <dialog
      ref={dialog}
      className="ios-notice"
      aria-labelledby="ios-notice-title"
      open={iosNoticePrerender.open || undefined}
      onCancel={rememberSeen}
      onSubmit={rememberSeen}
      data-testid="ios-notice"
    >
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
