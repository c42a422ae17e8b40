import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A QR code made in the browser (the `qrcode` library, loaded on first use so the page bundle
 * stays small) and shown as an SVG image.
 */
export function QrCode({ value, label, size = 200 }: { value: string; label: string; size?: number }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ value: string; src?: string; failed?: boolean }>({ value });
  const current = state.value === value ? state : { value };

  useEffect(() => {
    let alive = true;
    import('qrcode')
      .then((qr) => qr.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: { dark: '#1c1633', light: '#ffffff' } }))
      .then((svg) => alive && setState({ value, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` }))
      .catch(() => alive && setState({ value, failed: true }));
    return () => {
      alive = false;
    };
  }, [value]);

  if (current.failed) return <p className="qr-code qr-code--failed" role="alert">{t('download.qr_failed')}</p>;
  if (!current.src) return <div className="qr-code qr-code--loading" style={{ inlineSize: size, blockSize: size }} role="img" aria-busy="true" aria-label={t('common.loading')} />;
  return <img className="qr-code" src={current.src} width={size} height={size} alt={label} data-testid="qr-code" />;
}
