import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { IOS_NOTICE_SEEN_COOKIE } from '@vsp/contract/prerender';
import { publicConfig } from '../../../shared/config/public-config';
import { readCookie, writeCookie } from '../../../shared/storage/cookies';
import { Dialog } from '../../../shared/ui/dialog';

/** Set by the prerender for the home page's variant with the notice open (never in the browser). */
export const iosNoticePrerender = { open: false };

/**
 * The iOS maintenance notice of May 20, 2025 (spec sections 1 and 2): a modal on the home page
 * while the operator switch `iosNoticeOpen` is on; once closed it stays closed for the session.
 * The server sends the prerendered home page with it open when the notice is due; the app's first
 * render makes it a real modal before the next paint (the Dialog). Only the visitor's own
 * dismissal (the button or Escape) marks it seen.
 */
export function IosNoticeDialog() {
  const { t } = useTranslation();
  // Closed by the visitor in this browser session: a session cookie the server reads too.
  const [open, setOpen] = useState(() => iosNoticePrerender.open || (publicConfig.iosNoticeOpen && readCookie(IOS_NOTICE_SEEN_COOKIE) !== '1'));
  const close = () => {
    writeCookie(IOS_NOTICE_SEEN_COOKIE, '1');
    setOpen(false);
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('home.ios_notice.title')}
      size="narrow"
      dismissible={false}
      testId="ios-notice"
      actions={
        <button type="button" className="button button--primary" onClick={close} autoFocus>
          {t('home.ios_notice.ok')}
        </button>
      }
    >
      <p>{t('home.ios_notice.date')}</p>
      <p>{t('home.ios_notice.body')}</p>
      <p>{t('home.ios_notice.compensation')}</p>
    </Dialog>
  );
}
