import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryNameOf, isRegionalCountry } from '@vsp/contract/regional';
import { createTestApp, type TestApp } from '../../test/test-app';
import { GeoService } from './geo.service';

/** Addresses of national carriers, stable across GeoLite2 updates. */
const EGYPT = '41.32.0.1';
const SAUDI_ARABIA = '2.88.0.1';
const MALAYSIA = '175.136.0.1';

describe('country lookup (call 5)', () => {
  it('names the country of an address from the offline data, in the names REGIONAL_COUNTRIES uses', () => {
    const geo = new GeoService();
    expect(geo.lookup(EGYPT)).toEqual({ name: 'Egypt', iso: 'EG', ip: EGYPT });
    expect(geo.lookup(`::ffff:${SAUDI_ARABIA}`).name).toBe('Saudi Arabia');
    expect(isRegionalCountry(geo.lookup(SAUDI_ARABIA).name)).toBe(true);
    expect(isRegionalCountry(geo.lookup(MALAYSIA).name)).toBe(false);
    expect(geo.lookup('127.0.0.1')).toEqual({ name: '', iso: '', ip: '127.0.0.1' });
    expect(geo.lookup('not an address').name).toBe('');
  });

  describe('behind a trusted proxy', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    });
    afterAll(() => t.close());

    it('answers text whose first pipe-separated part is the forwarded visitor country', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/v2/local/ip', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': EGYPT } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.headers['cache-control']).toContain('no-store');
      expect(response.body).toBe(`Egypt|EG|${EGYPT}`);
      expect(countryNameOf(response.body)).toBe('Egypt');
    });

    it('ignores a forwarded address sent by a peer that is not a trusted proxy', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/v2/local/ip', remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': EGYPT } });
      expect(response.body).toBe('||203.0.113.9');
    });
  });

  it('trusts no forwarded address when TRUST_PROXY is empty', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({ method: 'GET', url: '/v2/local/ip', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': MALAYSIA } });
      expect(countryNameOf(response.body)).toBe('');
    } finally {
      await t.close();
    }
  });
});
