import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SHAREABLE_QUERY_KEYS, scrubUrls, shareableUrl } from './shareable-url';

describe('shareable addresses (decision 0140)', () => {
  it('keeps the path and the shareable keys, drops every other key and the fragment', () => {
    expect(shareableUrl('/reset-password?token=abc&lang=ar#x')).toBe('/reset-password?lang=ar');
    expect(shareableUrl('/receipt?order=TU-1&token=t')).toBe('/receipt');
    expect(shareableUrl('/login?redirect=%2Freceipt%3Forder%3DTU-1%26lang%3Den')).toBe('/login?redirect=%2Freceipt%3Flang%3Den');
    expect(shareableUrl('https://mail.example/inbox?id=1#top')).toBe('https://mail.example/inbox');
    expect(shareableUrl('/creator?tab=1')).toBe('/creator?tab=1');
    expect(shareableUrl('')).toBe('');
  });

  it('never lets the value of another key through, however the address is spelled', () => {
    const secret = fc.string({ minLength: 8 }).map((s) => `S3CRET${s.replace(/[^A-Za-z0-9]/g, '')}`);
    const otherKey = fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !SHAREABLE_QUERY_KEYS.includes(k));
    fc.assert(
      fc.property(fc.webPath(), otherKey, secret, fc.boolean(), (path, key, value, nested) => {
        const query = new URLSearchParams({ [key]: value, lang: 'en' }).toString();
        const address = `${path.startsWith('/') ? path : `/${path}`}?${query}`;
        const sent = nested ? `/login?redirect=${encodeURIComponent(address)}` : address;
        expect(shareableUrl(sent)).not.toContain('S3CRET');
      }),
    );
  });

  it('scrubs addresses inside a text and leaves the rest of it', () => {
    expect(scrubUrls('GET https://a.example/x?token=1 failed (see /receipt?order=2)')).toBe('GET https://a.example/x failed (see /receipt)');
    expect(scrubUrls('Minified React error #418; plain text? yes')).toBe('Minified React error #418; plain text? yes');
  });
});
