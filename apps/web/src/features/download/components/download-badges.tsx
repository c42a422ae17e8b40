import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { trackEvent } from '../../../shared/analytics/analytics';
import { useDevice } from '../../../shared/device/device';
import { DOWNLOAD_EVENT_CATEGORY } from '../store-choice';
import { DownloadQrDialog } from './download-qr-dialog';
import { StoreBadges } from './store-badges';

/**
 * The download component for pages (the home page places it): both store badges and a button
 * that opens the scan-to-download dialog. Hidden inside the native app.
 */
export function DownloadBadges({ source = 'badge' }: { source?: string }) {
  const { t } = useTranslation();
  const [qrOpen, setQrOpen] = useState(false);
  const { inApp } = useDevice();
  if (inApp) return null;
  return (
    <div className="download-badges">
      <StoreBadges source={source} />
      <button
        type="button"
        className="download-badges__scan"
        onClick={() => {
          trackEvent({ category: DOWNLOAD_EVENT_CATEGORY, name: 'open_download_qr', source });
          setQrOpen(true);
        }}
      >
        {t('download.scan')}
      </button>
      <DownloadQrDialog open={qrOpen} onClose={() => setQrOpen(false)} />
    </div>
  );
}
