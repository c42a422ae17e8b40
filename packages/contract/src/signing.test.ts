import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalString, computeSign, signParams, stripEmpty } from './signing';

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

describe('request signing', () => {
  it('signs the sorted non-empty params plus the secret (test vector)', () => {
    const params = { userName: 'demo', passWord: 'demo12345', appId: 1004, timestamp: 1700000000000, random: '123456' };
    const expectedBase = 'appId=1004&passWord=demo12345&random=123456&timestamp=1700000000000&userName=demo&secret=s3cret';
    expect(computeSign(params, 's3cret')).toBe(md5(expectedBase));
  });

  it('leaves empty strings, null and undefined out of the sign and the payload', () => {
    const params = { a: '1', b: '', c: null, d: undefined, e: 0, f: false };
    expect(canonicalString(params)).toBe('a=1&e=0&f=false');
    expect(stripEmpty(params)).toEqual({ a: '1', e: 0, f: false });
    const signed = signParams(params, { secret: 'k', now: 5, random: '000001' });
    expect(signed).not.toHaveProperty('b');
    expect(signed).not.toHaveProperty('c');
    expect(signed.sign).toBe(md5('a=1&appId=1004&e=0&f=false&random=000001&timestamp=5&secret=k'));
  });

  it('never signs the sign itself and serialises objects as JSON', () => {
    expect(canonicalString({ sign: 'x', z: [1, 2], y: { k: 'v' } })).toBe('y={"k":"v"}&z=[1,2]');
  });

  it('uses appId 1004 with 6 random digits by default and 1000 with 4 for the credential call', () => {
    const ordinary = signParams({}, { secret: 'k' });
    expect(ordinary.appId).toBe(1004);
    expect(ordinary.random).toMatch(/^\d{6}$/);
    const credential = signParams({ fileType: 'mp3' }, { secret: 'k', appId: 1000 });
    expect(credential.appId).toBe(1000);
    expect(credential.random).toMatch(/^\d{4}$/);
    expect(Math.abs(credential.timestamp - Date.now())).toBeLessThan(5000);
  });

  it('changes the sign when any value changes', () => {
    const a = signParams({ uid: '1' }, { secret: 'k', now: 1, random: '111111' });
    const b = signParams({ uid: '2' }, { secret: 'k', now: 1, random: '111111' });
    const c = signParams({ uid: '1' }, { secret: 'other', now: 1, random: '111111' });
    expect(new Set([a.sign, b.sign, c.sign]).size).toBe(3);
  });
});
