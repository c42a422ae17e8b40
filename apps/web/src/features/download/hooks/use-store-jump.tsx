import { useCallback, useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { trackEvent } from '../../../shared/analytics/analytics';
import { storeLinksFor } from '../../../shared/config/public-config';
import { EARLY_HOLD_ATTRIBUTE } from '../../../shared/early-input/capture-early-input';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { DOWNLOAD_EVENT_CATEGORY, jumpEventName, needsIosNotice, storeUrl, type Store } from '../store-choice';

export interface StoreJump {
  /** Props of a link to a store: its real href, opening in a new tab, with the click tracked. */
  linkProps(store: Store): {
    href: string;
    target: '_blank';
    rel: string;
    /** A press before the app takes over waits for it (the store depends on the device and language). */
    [EARLY_HOLD_ATTRIBUTE]: '';
    onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
  };
  /** Opens a store from code (after a notice, or from a button). */
  jump(store: Store): void;
  /** The iOS notice dialog; render it once next to the links. */
  notice: ReactNode;
}

/**
 * Store jumps of one place on the page (`source`: header, badge, not_found, qr_dialog). Each
 * click sends an analytics event (category web_home, target link, jump source); where the label
 * upload-prompt-show is 'true' the iOS store is preceded by a notice with a confirm button.
 */
export function useStoreJump(source: string): StoreJump {
  const { t } = useTranslation();
  const [noticeOpen, setNoticeOpen] = useState(false);
  const links = storeLinksFor();

  const track = useCallback(
    (store: Store, name = jumpEventName(store)) =>
      trackEvent({ category: DOWNLOAD_EVENT_CATEGORY, name, target: storeUrl(store, links), source }),
    [links, source],
  );

  const jump = useCallback(
    (store: Store) => {
      track(store);
      window.open(storeUrl(store, links), '_blank', 'noopener');
    },
    [links, track],
  );

  const linkProps = (store: Store) => ({
    href: storeUrl(store, links),
    target: '_blank' as const,
    rel: 'noopener noreferrer',
    [EARLY_HOLD_ATTRIBUTE]: '' as const,
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      if (needsIosNotice(store, t('upload-prompt-show'))) {
        event.preventDefault();
        track(store, 'ios_notice_open');
        setNoticeOpen(true);
        return;
      }
      track(store);
    },
  });

  const notice = (
    <ConfirmDialog
      open={noticeOpen}
      title={t('download.ios_notice.title')}
      confirmLabel={t('common.confirm')}
      onClose={() => setNoticeOpen(false)}
      onConfirm={() => {
        setNoticeOpen(false);
        jump('ios');
      }}
      testId="store-notice"
    >
      <p>{t('download.ios_notice.body')}</p>
    </ConfirmDialog>
  );

  return { linkProps, jump, notice };
}
