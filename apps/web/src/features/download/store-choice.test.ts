import { describe, expect, it } from 'vitest';
import { platformOf } from '../../shared/device/device';
import { downloadLandingUrl, jumpEventName, needsIosNotice, storeForPlatform, storeUrl } from './store-choice';

const UA = {
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
};

describe('which store a download click opens', () => {
  it('sends Android to the Android store, iOS and Mac to the iOS store, anything else to Android', () => {
    expect(storeForPlatform(platformOf(UA.android))).toBe('android');
    expect(storeForPlatform(platformOf(UA.iphone))).toBe('ios');
    expect(storeForPlatform(platformOf(UA.mac))).toBe('ios');
    expect(storeForPlatform(platformOf(UA.windows))).toBe('android');
    expect(storeForPlatform(platformOf(UA.linux))).toBe('android');
  });

  it('shows the iOS notice first only for the iOS store where upload-prompt-show is true', () => {
    expect(needsIosNotice('ios', 'true')).toBe(true);
    expect(needsIosNotice('ios', 'false')).toBe(false);
    expect(needsIosNotice('ios', 'upload-prompt-show')).toBe(false);
    expect(needsIosNotice('android', 'true')).toBe(false);
  });

  it('picks the link and names the event by store', () => {
    const links = { ios: 'https://apps.example/ios', android: 'https://play.example/android' };
    expect(storeUrl('ios', links)).toBe(links.ios);
    expect(storeUrl('android', links)).toBe(links.android);
    expect(jumpEventName('ios')).toBe('jump_ios_store');
    expect(jumpEventName('android')).toBe('jump_android_store');
    expect(downloadLandingUrl('https://site.example')).toBe('https://site.example/?download=app');
  });
});
