import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ServerState } from '../../../shared/http/server-state';
import { QrPlaceholder } from './qr-placeholder';

/**
 * A QR code made in the browser (the `qrcode` library, loaded on first use so the page bundle
 * stays small) and shown as an SVG image.
 */
export function QrCode(props: QrCodeProps) {
  // Loaded on its own by the download dialog, on pages that otherwise read no server state.
  return (
    <ServerState>
      <QrImage {...props} />
    </ServerState>
  );
}

interface QrCodeProps {
  value: string;
  label: string;
  size?: number;
}

function QrImage({ value, label, size = 200 }: QrCodeProps) {
  const { t } = useTranslation();
  const image = useQuery({
    queryKey: ['download', 'qr-code', value],
    queryFn: () =>
      import('qrcode')
        .then((qr) => qr.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: { dark: '#1c1633', light: '#ffffff' } }))
        .then((svg) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
    // The same value always draws the same code.
    staleTime: Infinity,
  });

  if (image.isError) return <p className="qr-code qr-code--failed" role="alert">{t('download.qr_failed')}</p>;
  if (!image.data) return <QrPlaceholder size={size} />;
  return <img className="qr-code" src={image.data} width={size} height={size} alt={label} data-testid="qr-code" />;
}
