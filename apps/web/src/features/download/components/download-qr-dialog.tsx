import { Suspense, lazy, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Dialog } from '../../../shared/ui/dialog';
import { downloadLandingUrl } from '../store-choice';
import { QrPlaceholder } from './qr-placeholder';
import { StoreBadges } from './store-badges';

/** The code (and the query library behind it) loads when a dialog first opens, not with the page. */
const QrCode = lazy(() => import('./qr-code').then((module) => ({ default: module.QrCode })));
const QR_SIZE = 200;

export interface DownloadQrDialogProps {
  open: boolean;
  onClose: () => void;
  title?: string;
  /** Extra actions under the code (the 404 page's Download App button). */
  children?: ReactNode;
}

/** Scan with a phone to download (spec section 2); the store badges below serve those who cannot scan. */
export function DownloadQrDialog({ open, onClose, title, children }: DownloadQrDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={title ?? t('download.qr_title')} size="narrow" testId="download-qr-dialog">
      {/* Built only when shown: the code needs the page's origin, which a prerender does not have. */}
      {open ? (
        <div className="download-qr">
          <Suspense fallback={<QrPlaceholder size={QR_SIZE} />}>
            <QrCode value={downloadLandingUrl(window.location.origin)} label={t('download.qr_alt')} size={QR_SIZE} />
          </Suspense>
          <p>{t('download.qr_hint')}</p>
          {children}
          <StoreBadges source="qr_dialog" />
        </div>
      ) : null}
    </Dialog>
  );
}
