import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@vsp/contract/error-codes';
import { REVIEW_CLAIM_MS } from '@vsp/contract/review-reasons';
import type { Params } from '@vsp/contract/signing';
import { OutfitsRepository } from '../outfits/outfits.repository';
import { databaseTargets } from '../../test/databases';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signedBody, type UserHeaders } from '../../test/upload-client';

/**
 * Issue 20, part 2: the review queue for a team. An operator claims an item (the others see who
 * has it until the claim ends, REVIEW_CLAIM_MS later, on the app's clock); of two claiming at once
 * exactly one gets it; a decision takes the item first; one decision may cover several items.
 */
describe.each(databaseTargets())('review queue claims on $name', (target) => {
  let t: TestApp;
  let now = Math.floor(Date.now() / 1000) * 1000;
  let ana: UserHeaders & { n: number };
  let ben: UserHeaders & { n: number };
  let creator: UserHeaders & { n: number };
  let outfits: OutfitsRepository;


  beforeAll(async () => {
    const database = await target.open();
    t = await createTestApp({ database, now: () => now });
    outfits = new OutfitsRepository(database.db);
    ana = await t.signedIn('ana', 'operator');
    ben = await t.signedIn('ben', 'operator');
    creator = await t.signedIn('cleo', 'player');
  });
  afterAll(() => t?.close());

  const headersOf = (as: UserHeaders) => ({ token: as.token, uid: as.uid });
  const post = (url: string, body: Params, as: UserHeaders) => t.app.inject({ method: 'POST', url, payload: signedBody(t, body, now), headers: headersOf(as) });
  const claim = (id: number, as: UserHeaders, extra: Params = {}) => post('/v1/console/review/claim', { kind: 'outfit', id, ...extra }, as);
  const decide = (id: number, as: UserHeaders, body: Params = { decision: 'approved' }) => post('/v1/console/review/outfit', { id, ...body }, as);
  const queue = async () => (await t.app.inject({ method: 'GET', url: '/v1/console/review/queue', query: t.sign({}), headers: headersOf(ana) })).json().data;
  const pendingOutfit = async () =>
    (await outfits.insert({ uid: creator.n, gender: 'womenswear', componentType: 'TMZ', objectKey: `outfit/${creator.n}/q-${Math.random()}.zip`, size: 10, uploadStatus: 'success', reviewState: 'pending' })).id;

  it('shows a claim to everyone until it ends, and lets nobody else take or decide the item meanwhile', async () => {
    const id = await pendingOutfit();
    const taken = await claim(id, ana);
    expect(taken.json().data).toEqual({ kind: 'outfit', id, claim: { uid: ana.n, userName: 'ana', until: now + REVIEW_CLAIM_MS } });
    expect((await queue()).outfits.find((o: { id: number }) => o.id === id).claim).toEqual({ uid: ana.n, userName: 'ana', until: now + REVIEW_CLAIM_MS });

    const refused = await claim(id, ben);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errInfo).toMatchObject({ code: Errors.ReviewItemClaimed, params: { by: 'ana' } });
    expect((await decide(id, ben)).json().errInfo.code).toBe(Errors.ReviewItemClaimed);

    now += REVIEW_CLAIM_MS - 1;
    expect((await claim(id, ben)).statusCode).toBe(409);
    now += 1;
    // Ended: the queue shows it free, and Ben may take it; Ana's claim is gone.
    expect((await queue()).outfits.find((o: { id: number }) => o.id === id).claim).toBeNull();
    expect((await claim(id, ben)).json().data.claim).toMatchObject({ uid: ben.n, userName: 'ben' });
    expect((await decide(id, ana)).statusCode).toBe(409);
    const approved = await decide(id, ben);
    expect(approved.json().data).toMatchObject({ id, state: 'approved' });
    expect((await queue()).outfits.some((o: { id: number }) => o.id === id)).toBe(false);
    expect((await claim(id, ana)).json().errInfo.code).toBe(Errors.NotFound);
  });

  it('renews a claim when its holder claims again, and frees it when given back', async () => {
    const id = await pendingOutfit();
    await claim(id, ana);
    now += 10 * 60_000;
    expect((await claim(id, ana)).json().data.claim.until).toBe(now + REVIEW_CLAIM_MS);
    const released = await claim(id, ana, { release: true });
    expect(released.json().data.claim).toBeNull();
    expect((await claim(id, ben)).json().data.claim).toMatchObject({ uid: ben.n });
    // Giving back a claim one does not hold changes nothing.
    expect((await claim(id, ana, { release: true })).json().data.claim).toMatchObject({ uid: ben.n });
  });

  it('gives each item to exactly one of two operators claiming it at the same moment', async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, pendingOutfit));
    for (const id of ids) {
      const answers = await Promise.all([claim(id, ana), claim(id, ben)]);
      expect(answers.map((a) => a.statusCode).sort(), `outfit ${id}`).toEqual([200, 409]);
      const winner = answers.find((a) => a.statusCode === 200)!.json().data.claim.uid;
      expect((await queue()).outfits.find((o: { id: number }) => o.id === id).claim.uid).toBe(winner);
    }
  });

  it('lets one of two operators deciding the same unclaimed item at once decide it, once', async () => {
    const id = await pendingOutfit();
    const answers = await Promise.all([decide(id, ana), decide(id, ben, { decision: 'rejected', category: 'copyright' })]);
    const codes = answers.map((a) => a.statusCode).sort();
    // The other finds it held (409) or, once decided, gone from the queue (404).
    expect(codes[0]).toBe(200);
    expect([404, 409]).toContain(codes[1]);
    const audit = (await t.app.inject({ method: 'GET', url: '/v1/console/audit', query: t.sign({}), headers: headersOf(ana) })).json().data.entries;
    expect(audit.filter((e: { target: string }) => e.target === `outfit:${id}`)).toHaveLength(1);
  });

  it('decides several items with one category and note, each audited, leaving an item another holds', async () => {
    const [a, b, held] = [await pendingOutfit(), await pendingOutfit(), await pendingOutfit()];
    await claim(held, ben);
    const bulk = await post(
      '/v1/console/review/bulk',
      { items: [{ kind: 'outfit', id: a }, { kind: 'outfit', id: b }, { kind: 'outfit', id: held }, { kind: 'outfit', id: 999_999 }, { kind: 'music', id: 999_999 }], decision: 'rejected', category: 'texture_too_large', reason: 'Use 512 px textures' },
      ana,
    );
    expect(bulk.json().data.results).toEqual([
      { kind: 'outfit', id: a, state: 'rejected', code: null, params: {} },
      { kind: 'outfit', id: b, state: 'rejected', code: null, params: {} },
      // Which operator holds it, so the console can say why it was skipped.
      { kind: 'outfit', id: held, state: null, code: Errors.ReviewItemClaimed, params: { by: 'ben' } },
      { kind: 'outfit', id: 999_999, state: null, code: Errors.NotFound, params: {} },
      // A song cannot be rejected for its textures.
      { kind: 'music', id: 999_999, state: null, code: Errors.ValidationFailed, params: {} },
    ]);
    const noCategory = await post('/v1/console/review/bulk', { items: [{ kind: 'outfit', id: held }], decision: 'rejected' }, ben);
    expect(noCategory.json().data.results[0]).toMatchObject({ state: null, code: Errors.ValidationFailed });

    const audit = (await t.app.inject({ method: 'GET', url: '/v1/console/audit', query: t.sign({}), headers: headersOf(ana) })).json().data.entries;
    const mine = audit.filter((e: { actorUid: number; action: string }) => e.actorUid === ana.n && e.action === 'outfit.reject').slice(0, 2);
    expect(mine.map((e: { target: string }) => e.target).sort()).toEqual([`outfit:${a}`, `outfit:${b}`].sort());
    expect(mine[0].after).toEqual({ state: 'rejected', category: 'texture_too_large', reason: 'Use 512 px textures' });

    // The creator's timeline: submitted, in review (when the bulk decision took it), rejected.
    const list = (await t.app.inject({ method: 'GET', url: '/v1/creator/outfit/list', query: t.sign({ pageSize: 50 }), headers: headersOf(creator) })).json().data.items;
    expect(list.find((i: { id: number }) => i.id === a).timeline.map((e: { event: string }) => e.event)).toEqual(['submitted', 'in_review', 'rejected']);
  });

  it('refuses claims and bulk decisions to a player', async () => {
    const id = await pendingOutfit();
    expect((await claim(id, creator)).statusCode).toBe(403);
    expect((await post('/v1/console/review/bulk', { items: [{ kind: 'outfit', id }], decision: 'approved' }, creator)).statusCode).toBe(403);
  });
});
