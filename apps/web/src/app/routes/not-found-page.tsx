import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { Link } from 'react-router';
import { sitePaths } from '@vsp/contract/site-paths';
import { DownloadQrDialog } from '../../features/download/components/download-qr-dialog';
import { useStoreJump } from '../../features/download/hooks/use-store-jump';
import { storeForPlatform } from '../../features/download/store-choice';
import { publicConfig } from '../../shared/config/public-config';
import { isInApp, isMobileDevice, platformOf } from '../../shared/device/device';
import { openApp } from '../../shared/native-bridge/native-bridge';
import { useToast } from '../../shared/ui/toast';
import '../../shared/ui/button.css';
import './not-found-page.css';

/**
 * The 404 page (spec section 2): 'Network request error, the resource was not found', an Open App
 * button, and when the app does not open, a dialog to scan a code to download it with a Download
 * App button.
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [opening, setOpening] = useState(false);
  const { linkProps, notice } = useStoreJump('not_found');
  const inApp = isInApp();

  const onOpenApp = async () => {
    setOpening(true);
    // Only a phone can have the app; a desktop goes straight to the download dialog.
    const outcome = isMobileDevice() ? await openApp(publicConfig.appOpenUrl) : 'failed';
    setOpening(false);
    if (outcome === 'failed') {
      toast.show(t('app.open_failed'), 'error');
      setDialogOpen(true);
    }
  };

  return (
    <section className="page not-found" data-testid="not-found">
      <svg className="not-found__art" viewBox="0 0 160 120" width="160" height="120" aria-hidden="true" focusable="false">
        <rect x="14" y="18" width="132" height="86" rx="16" fill="#efe7ff" />
        <path d="M46 82c6-10 20-16 34-16s28 6 34 16" fill="none" stroke="#7c3aed" strokeWidth="6" strokeLinecap="round" />
        <path d="M52 46l12 12m0-12L52 58M96 46l12 12m0-12L96 58" stroke="#7c3aed" strokeWidth="6" strokeLinecap="round" />
      </svg>
      <h1 className="not-found__message">{t('not_found.message')}</h1>
      <div className="not-found__actions">
        {inApp ? null : (
          <button type="button" className="button button--primary" onClick={() => void onOpenApp()} disabled={opening} data-testid="open-app">
            {t('not_found.open_app')}
          </button>
        )}
        <Link to={sitePaths.home} className="button button--ghost">
          {t('not_found.home')}
        </Link>
      </div>
      <DownloadQrDialog open={dialogOpen} onClose={() => setDialogOpen(false)} title={t('not_found.scan_title')}>
        <a {...linkProps(storeForPlatform(platformOf()))} className="button button--primary" data-testid="download-app">
          {t('not_found.download_app')}
        </a>
      </DownloadQrDialog>
      {notice}
    </section>
  );
}
