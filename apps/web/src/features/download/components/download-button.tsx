import { useTranslation } from '../../../shared/i18n/use-translation';
import { useDevice } from '../../../shared/device/device';
import { useStoreJump } from '../hooks/use-store-jump';
import { storeForPlatform, storeUrl } from '../store-choice';
import { storeLinksFor } from '../../../shared/config/public-config';
import { DownloadGlyph } from './store-icons';
import '../../../shared/ui/visually-hidden.css';
import './download.css';

/**
 * The header's download button (spec section 2): the store of the visitor's platform, in a
 * browser only (inside the native app there is nothing to download).
 */
export function DownloadButton({ source = 'header', responsive = false }: { source?: string; responsive?: boolean }) {
  const { t } = useTranslation();
  const { linkProps, notice } = useStoreJump(source);
  const { inApp, platform } = useDevice();
  const store = storeForPlatform(platform);
  if (inApp || !storeUrl(store, storeLinksFor())) return null;
  return (
    <>
      <a {...linkProps(store)} className={`download-button${responsive ? ' download-button--responsive' : ''}`} data-testid="download-button" data-store={store}>
        <DownloadGlyph />
        <span className={`download-button__text${responsive ? ' visually-hidden-narrow' : ''}`}>{t('download.button')}</span>
      </a>
      {notice}
    </>
  );
}
