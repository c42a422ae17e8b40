import { describe, expect, it } from 'vitest';
import { isInApp, isMobileDevice, platformOf } from './device';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1';
const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

describe('device detection', () => {
  it('tells phones from desktops', () => {
    expect(isMobileDevice(ANDROID)).toBe(true);
    expect(isMobileDevice(IPHONE)).toBe(true);
    expect(isMobileDevice(MAC)).toBe(false);
    expect(isMobileDevice(WINDOWS)).toBe(false);
  });
  it('names the platform for the store choice', () => {
    expect(platformOf(ANDROID)).toBe('android');
    expect(platformOf(IPHONE)).toBe('ios');
    expect(platformOf(MAC)).toBe('mac');
    expect(platformOf(WINDOWS)).toBe('other');
  });
  it('recognises the native app by its user-agent marker', () => {
    expect(isInApp(`${ANDROID} AvatarPartyApp/3.2`)).toBe(true);
    expect(isInApp(ANDROID)).toBe(false);
  });
});
