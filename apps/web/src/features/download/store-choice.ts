import type { Platform } from '../../shared/device/device';
import type { StoreLinks } from '../../shared/config/public-config';

export type Store = 'ios' | 'android';

/**
 * Spec section 7, download button: Android opens the Android store; iOS or Mac the iOS store;
 * anything else the Android store.
 */
export function storeForPlatform(platform: Platform): Store {
  return platform === 'ios' || platform === 'mac' ? 'ios' : 'android';
}

/** The iOS store is announced by a notice first where the label upload-prompt-show is 'true'. */
export function needsIosNotice(store: Store, uploadPromptShow: string): boolean {
  return store === 'ios' && uploadPromptShow.trim() === 'true';
}

export function storeUrl(store: Store, links: StoreLinks): string {
  return store === 'ios' ? links.ios : links.android;
}

/** The analytics event name of a jump to a store (spec section 7: "named for jumps to the iOS or Android store"). */
export function jumpEventName(store: Store): string {
  return store === 'ios' ? 'jump_ios_store' : 'jump_android_store';
}

/** Category of every download click event (spec section 7). */
export const DOWNLOAD_EVENT_CATEGORY = 'web_home';

/** The query that a scanned download QR code carries: the landing page sends the phone on to its store. */
export const DOWNLOAD_QUERY = { name: 'download', value: 'app' } as const;

export function downloadLandingUrl(origin: string): string {
  return `${origin}/?${DOWNLOAD_QUERY.name}=${DOWNLOAD_QUERY.value}`;
}
