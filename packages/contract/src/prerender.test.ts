import { describe, expect, it } from 'vitest';
import { prerenderFile, prerenderedPath, requestLanguage } from './prerender';

describe('the language a page request is answered in', () => {
  it('takes the lang query first, then the cookie, then Accept-Language', () => {
    expect(requestLanguage('ar', 'ko', 'tr')).toBe('ar');
    expect(requestLanguage(undefined, 'ko', 'tr')).toBe('ko');
    expect(requestLanguage(undefined, undefined, 'tr-TR,tr;q=0.9')).toBe('tr');
  });

  it('ignores values that are not one of the 12 languages', () => {
    expect(requestLanguage('xx', 'en-US', 'ar')).toBe('ar');
  });

  it('follows the q weights of Accept-Language and maps browser tags like the site does', () => {
    expect(requestLanguage(undefined, undefined, 'fr;q=0.9, zh-TW;q=0.95, *;q=0.1')).toBe('zh-Hant');
    expect(requestLanguage(undefined, undefined, 'id-ID')).toBe('in');
    expect(requestLanguage(undefined, undefined, 'de-DE, fr;q=0.5')).toBe('en');
    expect(requestLanguage(undefined, undefined, undefined)).toBe('en');
  });
});

describe('prerendered pages', () => {
  it('names a file per page and language', () => {
    expect(prerenderFile('/', 'en')).toBe('prerender/en/index.html');
    expect(prerenderFile('/ktv-party', 'zh-Hant')).toBe('prerender/zh-Hant/ktv-party.html');
    expect(prerenderFile('/', 'ar', 'ios-notice')).toBe('prerender/ar/index.ios-notice.html');
  });

  it('knows the public pages, with or without a trailing slash, and nothing behind a login', () => {
    expect(prerenderedPath('/about/')).toBe('/about');
    expect(prerenderedPath('/')).toBe('/');
    expect(prerenderedPath('/music')).toBeUndefined();
    expect(prerenderedPath('/console')).toBeUndefined();
  });

  it("leaves a page to the browser when the query asks for what the prerender does not show (the creator page's tutorial tab)", () => {
    expect(prerenderedPath('/creator', { tab: '1' })).toBeUndefined();
    expect(prerenderedPath('/creator', { lang: 'ar' })).toBe('/creator');
    expect(prerenderedPath('/about', { tab: '1' })).toBe('/about');
  });
});
