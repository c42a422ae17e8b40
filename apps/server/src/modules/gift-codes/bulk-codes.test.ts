import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, eq } from 'drizzle-orm';
import { Errors } from '@vsp/contract/error-codes';
import { GIFT_CODES_PER_REQUEST_MAX } from '@vsp/contract/integers';
import type { DatabaseHandle } from '../../db/database';
import { giftCampaigns, giftCodes } from './gift-codes.schema';
import { users } from '../accounts/users.schema';
import { UNAMBIGUOUS_ALPHABET } from '../../shared/random-code';
import { databaseTargets } from '../../test/databases';
import { createTestApp, type TestApp } from '../../test/test-app';
import { WalletRepository } from '../wallet';
import { GiftCodesRepository } from './gift-codes.repository';
import { CODES_PER_WRITE, GiftCodesService, UNIQUE_CODE_LENGTH } from './gift-codes.service';

const HOUR = 3_600_000;

/** A promise and whether it has settled yet, read without waiting for it. */
function watch<T>(work: Promise<T>): { readonly done: boolean; result: Promise<T> } {
  const state = { done: false, result: work };
  work.then(
    () => (state.done = true),
    () => (state.done = true),
  );
  return state;
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** Writes the first statement of codes, then holds every later one until `release` (a creation in progress, or a process that died). */
class HeldRepository extends GiftCodesRepository {
  readonly firstWritten = deferred();
  readonly released = deferred();
  override async insertCodes(campaignId: number, codes: readonly string[]): Promise<number> {
    const made = await super.insertCodes(campaignId, codes);
    this.firstWritten.resolve();
    await this.released.promise;
    return made;
  }
}

/**
 * Long operator work never holds the event loop (decision 0143): while 100,000 codes are written,
 * or read for the CSV export, other requests are answered, /healthz among them; and a campaign is
 * seen whole or not at all. The tests order events (an answer before the work's end), never time
 * them.
 */
describe.each(databaseTargets())('bulk gift codes on $name', (target) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let seq = 0;

  beforeAll(async () => {
    handle = await target.open();
    t = await createTestApp({ database: { ...handle, close: async () => undefined } });
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  const input = (uniqueCount: number) => ({
    name: `bulk ${++seq}`,
    contents: [{ asset: 'diamonds' as const, quantity: 1 }],
    startsAt: new Date(Date.now() - HOUR).toISOString(),
    endsAt: new Date(Date.now() + HOUR).toISOString(),
    totalCap: uniqueCount,
    uniqueCount,
  });
  const healthz = () => t.app.inject({ method: 'GET', url: '/healthz' });
  /** A service as the module builds it, on a repository that holds the writes of codes. */
  const heldService = (gifts: GiftCodesRepository) =>
    new GiftCodesService({
      gifts,
      audit: async () => undefined,
      transaction: (work) => handle.db.transaction((tx) => work({ gifts: new GiftCodesRepository(tx), wallet: new WalletRepository(tx), on: tx })),
    });
  const storedCodes = async (campaignId: number) => (await handle.db.select({ n: count() }).from(giftCodes).where(eq(giftCodes.campaignId, campaignId)))[0]!.n;
  const campaignNamed = async (name: string) => (await handle.db.select().from(giftCampaigns).where(eq(giftCampaigns.name, name)))[0];
  const redeem = async (code: string) => {
    const [player] = await handle.db.insert(users).values({ userName: `bulk-player-${++seq}`, email: `bulk-player-${seq}@example.com`, nickname: 'Bulk', passwordHash: 'not-a-login' }).returning();
    const answer = (await t.app.inject({ method: 'POST', url: '/v1/gift/redeem', payload: t.sign({ uid: player!.uid, code }), remoteAddress: `10.9.${seq % 250}.1` })).json();
    return answer.status === 1 ? 'ok' : answer.errInfo.code;
  };

  it('answers /healthz while it creates a campaign of 100,000 codes, then answers the whole campaign', async () => {
    const creating = watch(t.app.gifts.createCampaign(input(GIFT_CODES_PER_REQUEST_MAX)));
    expect((await healthz()).statusCode).toBe(200);
    expect(creating.done).toBe(false);

    const made = await creating.result;
    expect(made).toMatchObject({ codeKind: 'unique', codes: GIFT_CODES_PER_REQUEST_MAX, claimed: 0, state: 'active', sharedCode: null });
    const codes = (await t.app.gifts.codesOf(made.id)).map((c) => c.code);
    expect(new Set(codes).size).toBe(GIFT_CODES_PER_REQUEST_MAX);
    const allowed = new RegExp(`^[${UNAMBIGUOUS_ALPHABET}]{${UNIQUE_CODE_LENGTH}}$`);
    expect(codes.every((c) => allowed.test(c))).toBe(true);
  });

  it('answers /healthz while it reads 100,000 codes for the CSV export, which answers what one read of them answered', async () => {
    const made = await t.app.gifts.createCampaign(input(1));
    const fill = new GiftCodesRepository(handle.db);
    for (let i = 1; i < GIFT_CODES_PER_REQUEST_MAX; i += 1000) {
      await fill.insertCodes(made.id, Array.from({ length: 1000 }, (_, j) => `EXPORT-${String(i + j).padStart(6, '0')}`));
    }
    for (const read of [(): Promise<unknown> => t.app.gifts.codesOf(made.id), (): Promise<unknown> => t.app.gifts.codesJson(made.id)]) {
      const reading = watch(read());
      expect((await healthz()).statusCode).toBe(200);
      expect(reading.done).toBe(false);
      await reading.result;
    }

    const [operator] = await handle.db.insert(users).values({ userName: 'bulk-operator', email: 'bulk-operator@example.com', nickname: 'Operator', passwordHash: 'not-a-login', role: 'operator', operatorRoles: ['content'] }).returning();
    const { token } = await t.app.sessions.create(operator!.uid, '', { secondFactor: 'totp' });
    const answer = await t.app.inject({ method: 'GET', url: `/v1/gift/campaigns/${made.id}/codes`, query: t.sign({}), headers: { token, uid: String(operator!.uid) } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    // The text the route's serializer wrote from one query before the export was read in pages.
    const oneRead = await handle.db.select({ code: giftCodes.code, usedBy: giftCodes.usedBy }).from(giftCodes).where(eq(giftCodes.campaignId, made.id)).orderBy(asc(giftCodes.code));
    expect(oneRead).toHaveLength(GIFT_CODES_PER_REQUEST_MAX + 1);
    expect(answer.body).toBe(JSON.stringify({ status: 1, data: oneRead }));
  });

  it('shows a campaign only once all its codes are written: until then it is not listed and its codes answer as unknown', async () => {
    const held = new HeldRepository(handle.db);
    const asked = input(3 * CODES_PER_WRITE);
    const creating = watch(heldService(held).createCampaign(asked));
    await held.firstWritten.promise;

    const pending = (await campaignNamed(asked.name))!;
    expect(await storedCodes(pending.id)).toBe(CODES_PER_WRITE);
    expect((await t.app.gifts.campaigns()).map((c) => c.name)).not.toContain(asked.name);
    expect(await t.app.gifts.codesOf(pending.id)).toEqual([]);
    const [{ code } = { code: '' }] = await handle.db.select({ code: giftCodes.code }).from(giftCodes).where(eq(giftCodes.campaignId, pending.id)).limit(1);
    expect(await redeem(code)).toBe(Errors.GiftCodeInvalid);
    expect(creating.done).toBe(false);

    held.released.resolve();
    const made = await creating.result;
    expect(made).toMatchObject({ id: pending.id, codes: 3 * CODES_PER_WRITE });
    expect((await t.app.gifts.campaigns()).map((c) => c.name)).toContain(asked.name);
    expect(await redeem(code)).toBe('ok');
  });

  it('deletes a campaign whose creation was abandoned, with its codes, at the next creation; its creator, if alive, fails', async () => {
    const held = new HeldRepository(handle.db);
    const asked = input(3 * CODES_PER_WRITE);
    const creating = watch(heldService(held).createCampaign(asked));
    await held.firstWritten.promise;
    const abandoned = (await campaignNamed(asked.name))!;
    // Its time is up, as if the process writing it had died: the database's clock says so.
    await handle.db.update(giftCampaigns).set({ pendingUntil: new Date(0) }).where(eq(giftCampaigns.id, abandoned.id));

    await t.app.gifts.createCampaign(input(1));
    expect(await campaignNamed(asked.name)).toBeUndefined();
    expect(await storedCodes(abandoned.id)).toBe(0);

    held.released.resolve();
    await expect(creating.result).rejects.toThrow();
    expect(await campaignNamed(asked.name)).toBeUndefined();
    expect((await t.app.gifts.campaigns()).map((c) => c.name)).not.toContain(asked.name);
  });
});
