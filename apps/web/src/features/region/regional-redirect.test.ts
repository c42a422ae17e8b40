import { describe, expect, it } from 'vitest';
import { regionalRedirectTarget, type RegionalRedirectInput } from './regional-redirect';

const here = new URL('https://www.example.com/exchange?code=AB#steps');
const input = (over: Partial<RegionalRedirectInput> = {}): RegionalRedirectInput => ({
  variant: 'production',
  regionalSiteUrl: 'https://me.example.com/',
  currentUrl: here,
  lookupCountry: async () => 'Egypt|EG|41.32.0.1',
  ...over,
});

describe('regional redirect', () => {
  it('sends a visitor from one of the ten countries to the same path on the regional site', async () => {
    expect(await regionalRedirectTarget(input())).toBe('https://me.example.com/exchange?code=AB#steps');
    expect(await regionalRedirectTarget(input({ regionalSiteUrl: 'https://me.example.com/site/', lookupCountry: async () => 'Saudi Arabia|SA|x' }))).toBe(
      'https://me.example.com/site/exchange?code=AB#steps',
    );
  });

  it('leaves visitors from elsewhere, and every failure, where they are', async () => {
    expect(await regionalRedirectTarget(input({ lookupCountry: async () => 'Malaysia|MY|175.136.0.1' }))).toBeNull();
    expect(await regionalRedirectTarget(input({ lookupCountry: async () => '||127.0.0.1' }))).toBeNull();
    expect(await regionalRedirectTarget(input({ lookupCountry: () => Promise.reject(new Error('offline')) }))).toBeNull();
    expect(await regionalRedirectTarget(input({ regionalSiteUrl: '' }))).toBeNull();
    expect(await regionalRedirectTarget(input({ regionalSiteUrl: 'not a url' }))).toBeNull();
  });

  it('never redirects from the regional build, nor to the site it is on, and then does not even ask', async () => {
    let asked = 0;
    const lookupCountry = async () => {
      asked++;
      return 'Egypt|EG|x';
    };
    expect(await regionalRedirectTarget(input({ variant: 'stable-me', lookupCountry }))).toBeNull();
    expect(await regionalRedirectTarget(input({ regionalSiteUrl: 'https://www.example.com', lookupCountry }))).toBeNull();
    expect(asked).toBe(0);
    expect(await regionalRedirectTarget(input({ variant: 'stable', lookupCountry }))).not.toBeNull();
  });
});
