import { useEffect } from 'react';
import { trackEvent } from '../../../shared/analytics/analytics';
import { storeLinksFor } from '../../../shared/config/public-config';
import { isInApp, isMobileDevice, platformOf } from '../../../shared/device/device';
import { DOWNLOAD_EVENT_CATEGORY, DOWNLOAD_QUERY, jumpEventName, storeForPlatform, storeUrl } from '../store-choice';

/**
 * A phone that scanned the download QR code lands on `/?download=app` and goes on to the store
 * of its platform. Desktops and the native app stay on the page.
 */
export function useDownloadLanding(search: string): void {
  useEffect(() => {
    if (new URLSearchParams(search).get(DOWNLOAD_QUERY.name) !== DOWNLOAD_QUERY.value) return;
    if (isInApp() || !isMobileDevice()) return;
    const store = storeForPlatform(platformOf());
    const url = storeUrl(store, storeLinksFor());
    if (!url) return;
    trackEvent({ category: DOWNLOAD_EVENT_CATEGORY, name: jumpEventName(store), target: url, source: 'qr_scan' });
    window.location.assign(url);
  }, [search]);
}
