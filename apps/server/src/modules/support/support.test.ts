import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_LIMITS } from '@vsp/contract/endpoints/support';
import { Errors } from '@vsp/contract/error-codes';
import type { Params } from '@vsp/contract/signing';
import type { KeyValueStore } from '../../shared/key-value-store';
import { databaseTargets, storeTargets } from '../../test/databases';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SupportRepository } from './support.repository';
import { newReference } from './support.service';

const valid = { name: 'Mia', email: 'mia@example.com', uid: '10000001', topic: 'recharge', message: 'My diamonds did not arrive after the top-up.', lang: 'ar' };

describe.each(databaseTargets())('customer-service messages on $name', (target) => {
  let t: TestApp;
  let repository: SupportRepository;
  beforeAll(async () => {
    const database = await target.open();
    repository = new SupportRepository(database.db);
    t = await createTestApp({ database });
  });
  afterAll(() => t.close());

  const send = (body: Params, ip = '203.0.113.7') =>
    t.app.inject({ method: 'POST', url: '/v1/support/message', payload: t.sign(body), remoteAddress: ip });

  it('stores the message and answers a reference that finds it again', async () => {
    const response = await send(valid);
    expect(response.statusCode).toBe(200);
    const { reference } = response.json().data;
    expect(reference).toMatch(/^CS-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    const row = await repository.findByReference(reference);
    expect(row).toMatchObject({ email: 'mia@example.com', uid: 10000001, topic: 'recharge', lang: 'ar', status: 'open', message: valid.message });
  });

  it('names the fields at fault', async () => {
    const response = await send({ ...valid, email: 'not-an-address', message: 'short' }, '203.0.113.8');
    expect(response.statusCode).toBe(400);
    const fields = response.json().errInfo.fields.map((f: { field: string }) => f.field);
    expect(fields.some((f: string) => f.endsWith('email') || f.endsWith('message'))).toBe(true);
  });

  it('refuses a message of only spaces even when long enough', async () => {
    const response = await send({ ...valid, message: ' '.repeat(20) }, '203.0.113.9');
    expect(response.json().errInfo).toMatchObject({ code: Errors.ValidationFailed, fields: [{ field: 'message', rule: 'minLength' }] });
  });

  it('refuses an unsigned message', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/support/message', payload: valid });
    expect(response.json().errInfo.code).toBe(Errors.InvalidSignature);
  });

  it('limits messages per address and leaves other addresses alone', async () => {
    const ip = '198.51.100.20';
    for (let i = 0; i < SUPPORT_LIMITS.perAddress; i += 1) expect((await send(valid, ip)).statusCode).toBe(200);
    const limited = await send(valid, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errInfo.code).toBe(Errors.TooManyAttempts);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send(valid, '198.51.100.21')).statusCode).toBe(200);
  });
});

describe.each(storeTargets())('customer-service rate limit on the $name store', (storeTarget) => {
  it('counts across two app instances that share the store', async () => {
    const store = storeTarget.open();
    // Both apps close their store on shutdown; the test owns the real one and closes it once.
    const shared: KeyValueStore = {
      setIfAbsent: (key, ttl) => store.setIfAbsent(key, ttl),
      hit: (key, ttl) => store.hit(key, ttl),
      peek: (key) => store.peek(key),
      delete: (key) => store.delete(key),
      close: async () => {},
    };
    const a = await createTestApp({ store: shared });
    const b = await createTestApp({ store: shared });
    const send = (t: TestApp) => t.app.inject({ method: 'POST', url: '/v1/support/message', payload: t.sign(valid), remoteAddress: '192.0.2.55' });
    for (let i = 0; i < SUPPORT_LIMITS.perAddress; i += 1) expect((await send(i % 2 ? a : b)).statusCode).toBe(200);
    expect((await send(b)).statusCode).toBe(429);
    await b.close();
    await a.close();
    await store.close();
  });
});

describe('reference numbers', () => {
  it('avoid look-alike characters and rarely repeat', () => {
    const seen = new Set(Array.from({ length: 2000 }, () => newReference()));
    expect(seen.size).toBe(2000);
    for (const reference of seen) expect(reference).not.toMatch(/[01ILO]/);
  });
});
