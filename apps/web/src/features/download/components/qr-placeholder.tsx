import { useTranslation } from '../../../shared/i18n/use-translation';

/** The square a QR code takes while it is being made (or its code is loading). */
export function QrPlaceholder({ size }: { size: number }) {
  const { t } = useTranslation();
  return <div className="qr-code qr-code--loading" style={{ inlineSize: size, blockSize: size }} role="img" aria-busy="true" aria-label={t('common.loading')} />;
}
