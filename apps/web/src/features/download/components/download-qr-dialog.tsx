import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../shared/ui/dialog';
import { downloadLandingUrl } from '../store-choice';
import { QrCode } from './qr-code';
import { StoreBadges } from './store-badges';

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
          <QrCode value={downloadLandingUrl(window.location.origin)} label={t('download.qr_alt')} />
          <p>{t('download.qr_hint')}</p>
          {children}
          <StoreBadges source="qr_dialog" />
        </div>
      ) : null}
    </Dialog>
  );
}
