import { useClientValue } from '../dom/client-value';
/**
 * What kind of device and container the page runs in. The native app's web views add the marker
 * below to their user agent.
 */
export const IN_APP_USER_AGENT_MARKER = 'AvatarPartyApp';

export type Platform = 'android' | 'ios' | 'mac' | 'other';

function userAgent(): string {
  return typeof navigator === 'undefined' ? '' : navigator.userAgent;
}

/** Phones and tablets (the spec's "mobile"): the routes flagged desktop-only are hidden there. */
export function isMobileDevice(ua = userAgent()): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|HarmonyOS/i.test(ua);
}

export function isInApp(ua = userAgent()): boolean {
  return ua.includes(IN_APP_USER_AGENT_MARKER);
}

export function platformOf(ua = userAgent()): Platform {
  if (/Android|HarmonyOS/i.test(ua)) return 'android';
  if (/iPhone|iPad|iPod/i.test(ua)) return 'ios';
  if (/Macintosh|Mac OS X/i.test(ua)) return 'mac';
  return 'other';
}

export interface Device {
  mobile: boolean;
  inApp: boolean;
  platform: Platform;
}

/** The device the prerender assumes: a desktop browser. */
const PRERENDER_DEVICE: Device = { mobile: false, inApp: false, platform: 'other' };
let clientDevice: Device | undefined;
const readDevice = (): Device => (clientDevice ??= { mobile: isMobileDevice(), inApp: isInApp(), platform: platformOf() });

/** The visitor's device, for rendering (the prerender's desktop browser until hydration is done). */
export function useDevice(): Device {
  return useClientValue(readDevice, PRERENDER_DEVICE);
}
