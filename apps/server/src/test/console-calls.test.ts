import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutfitsRepository } from '../modules/outfits/outfits.repository';
import { makeMp3 } from './audio-fixtures';
import { databaseTargets } from './databases';
import { createTestApp, type TestApp } from './test-app';
import { Errors } from '@vsp/contract/error-codes';
import type { Params } from '@vsp/contract/signing';
import { signedBody, uploadClient, type UserHeaders } from './upload-client';

describe.each(databaseTargets())('operator console ($name)', (db) => {
  let t: TestApp;
  let operator: UserHeaders & { n: number };
  let player: UserHeaders & { n: number };
  let outfits: OutfitsRepository;


  beforeAll(async () => {
    const database = await db.open();
    t = await createTestApp({ database });
    outfits = new OutfitsRepository(database.db);
    operator = await t.signedIn('olga', 'operator');
    player = await t.signedIn('pete', 'player');
  });
  afterAll(() => t?.close());

  const headersOf = (as: UserHeaders) => ({ token: as.token, uid: as.uid });
  const get = (url: string, query: Record<string, string | number> = {}, as: UserHeaders = operator) =>
    t.app.inject({ method: 'GET', url, query: t.sign(query), headers: headersOf(as) });
  const post = (url: string, body: Params, as: UserHeaders = operator) =>
    t.app.inject({ method: 'POST', url, payload: signedBody(t, body), headers: headersOf(as) });
  const audit = async () => (await get('/v1/console/audit')).json().data.entries as { action: string; target: string; actorUid: number; before: unknown; after: unknown }[];

  it('gives a player 403 on every registered console endpoint, and no session 401', async () => {
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const routes = Object.entries(paths)
      .filter(([path]) => path.startsWith('/v1/console/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ path, method: method.toUpperCase() as 'GET' | 'POST' })));
    expect(routes.length).toBeGreaterThanOrEqual(13);
    for (const { path, method } of routes) {
      const call = (as?: UserHeaders) =>
        method === 'GET'
          ? t.app.inject({ method, url: path, query: t.sign({}), headers: as ? headersOf(as) : {} })
          : t.app.inject({ method, url: path, payload: signedBody(t, {}), headers: as ? headersOf(as) : {} });
      const asPlayer = await call(player);
      expect(asPlayer.statusCode, `${method} ${path}`).toBe(403);
      expect(asPlayer.json().errInfo.code).toBe(Errors.Forbidden);
      expect((await call()).statusCode, `${method} ${path} without a session`).toBe(401);
    }
  });

  it('lists a pending song with a playable URL, approves it, and the player sees it approved', async () => {
    const mp3 = makeMp3(700_000, 'Queue song');
    const uploaded = await uploadClient(t, player).upload(mp3, 'queue.mp3');
    const submitted = await post('/v1/music/submit', { songName: 'Queue song', singer: 'Nova', language: 'en', uploadId: uploaded.uploadId, agreed: true }, player);
    const id = submitted.json().data.id as number;

    const queue = (await get('/v1/console/review/queue')).json().data;
    const song = queue.music.find((m: { id: number }) => m.id === id);
    expect(song).toMatchObject({ songName: 'Queue song', userName: 'pete', uid: player.n, url: uploaded.url });
    expect((await t.app.inject({ method: 'GET', url: new URL(song.url).pathname })).statusCode).toBe(200);

    const approved = await post('/v1/console/review/music', { id, decision: 'approved' });
    expect(approved.json()).toMatchObject({ status: 1, data: { id, state: 'approved', category: null, reason: null } });
    const mine = (await get('/v1/music/list', {}, player)).json().data.list;
    expect(mine.find((m: { id: number }) => m.id === id)).toMatchObject({ status: 'approved', reason: null });
    expect((await get('/v1/console/review/queue')).json().data.music.some((m: { id: number }) => m.id === id)).toBe(false);

    expect((await audit())[0]).toMatchObject({ action: 'music.approve', target: `music:${id}`, actorUid: operator.n, before: { state: 'pending' }, after: { state: 'approved' } });
  });

  it('rejects an outfit only with a category (the note is optional), which the creator sees', async () => {
    const row = await outfits.insert({ uid: player.n, gender: 'womenswear', componentType: 'TTF', objectKey: 'outfits/x.zip', size: 1234, uploadStatus: 'success', reviewState: 'pending' });
    const queue = (await get('/v1/console/review/queue')).json().data;
    expect(queue.outfits.find((o: { id: number }) => o.id === row.id)).toMatchObject({ userName: 'pete', size: 1234, url: expect.stringMatching(/outfits\/x\.zip$/) });

    const noCategory = await post('/v1/console/review/outfit', { id: row.id, decision: 'rejected', reason: 'Textures missing' });
    expect(noCategory.statusCode).toBe(400);
    expect(noCategory.json().errInfo).toMatchObject({ code: Errors.ValidationFailed, fields: [{ field: 'category', rule: 'required' }] });
    const unknown = await post('/v1/console/review/outfit', { id: row.id, decision: 'rejected', category: 'ugly' });
    expect(unknown.json().errInfo.code).toBe(Errors.ValidationFailed);

    const rejected = await post('/v1/console/review/outfit', { id: row.id, decision: 'rejected', category: 'broken_model', reason: ' Textures missing ' });
    expect(rejected.json().data).toEqual({ id: row.id, state: 'rejected', category: 'broken_model', reason: 'Textures missing' });
    const mine = (await get('/v1/creator/outfit/list', {}, player)).json().data.items;
    expect(mine).toEqual([expect.objectContaining({ size: 1234, reviewState: 'rejected', reviewCategory: 'broken_model', reviewReason: 'Textures missing' })]);
    expect((await audit())[0]).toMatchObject({ action: 'outfit.reject', target: `outfit:${row.id}`, after: { state: 'rejected', category: 'broken_model', reason: 'Textures missing' } });

    expect((await post('/v1/console/review/outfit', { id: 999_999, decision: 'approved' })).json().errInfo.code).toBe(Errors.NotFound);
  });

  it('finds users by account ID, user name and e-mail', async () => {
    const byId = (await get('/v1/console/users/search', { q: player.uid })).json().data.users;
    expect(byId).toHaveLength(1);
    expect(byId[0]).toMatchObject({ uid: player.n, userName: 'pete', email: 'pete@example.com', role: 'player', blocked: false });
    expect((await get('/v1/console/users/search', { q: 'PETE' })).json().data.users[0].uid).toBe(player.n);
    expect((await get('/v1/console/users/search', { q: 'pete@example.com' })).json().data.users[0].uid).toBe(player.n);
    expect((await get('/v1/console/users/search', { q: 'nobody' })).json().data.users).toEqual([]);
  });

  it('blocks a user (their sessions end), unblocks (the old sessions stay ended), and revokes their sessions, all audited', async () => {
    const victim = await t.signedIn('vic', 'player');
    const me = () => get('/v1/user/getUserInfoByToken', {}, victim);
    expect((await me()).json().status).toBe(1);

    const blocked = await post('/v1/console/users/block', { uid: victim.n, blocked: true });
    expect(blocked.json().data).toMatchObject({ uid: victim.n, blocked: true, liveSessions: 0 });
    expect((await me()).json().errInfo.code).toBe(Errors.AccountBlocked);
    expect((await audit())[0]).toMatchObject({ action: 'user.block', target: `user:${victim.n}`, before: { blocked: false }, after: { blocked: true } });

    await post('/v1/console/users/block', { uid: victim.n, blocked: false });
    expect((await me()).json().errInfo.code).toBe(Errors.LoggedOut);
    expect((await audit())[0]).toMatchObject({ action: 'user.unblock' });

    // Signing in again after the unblock works; the operator can still end that session too.
    victim.token = (await t.app.sessions.create(victim.n)).token;
    expect((await me()).json().status).toBe(1);

    const revoked = await post('/v1/console/users/revoke-sessions', { uid: victim.n });
    expect(revoked.json().data).toMatchObject({ uid: victim.n, liveSessions: 0 });
    expect((await me()).json().errInfo.code).toBe(Errors.LoggedOut);
    expect((await audit())[0]).toMatchObject({ action: 'user.revoke-sessions', before: { liveSessions: 1 }, after: { liveSessions: 0 } });

    expect((await post('/v1/console/users/block', { uid: 1, blocked: true })).json().errInfo.code).toBe(Errors.NotFound);
  });

  it('switches maintenance and creates campaigns through audited calls', async () => {
    const switched = await post('/v1/console/settings/switches', { paused: true, window: { from: 'May 20 10:00', to: 'May 20 12:00' } });
    expect(switched.json().data).toMatchObject({ paused: true, window: { from: 'May 20 10:00', to: 'May 20 12:00' } });
    expect((await get('/v1/recharge/status')).json().data.paused).toBe(true);
    expect((await audit())[0]).toMatchObject({ action: 'settings.switches', actorUid: operator.n, before: { paused: false, window: null }, after: { paused: true } });
    await post('/v1/console/settings/switches', { paused: false, window: null });

    const hour = 3_600_000;
    const created = await post('/v1/console/gift/campaigns', {
      name: 'Audited',
      contents: [{ asset: 'gold_coins', quantity: 5 }],
      startsAt: new Date(Date.now() - hour).toISOString(),
      endsAt: new Date(Date.now() + hour).toISOString(),
      totalCap: 3,
      uniqueCount: 2,
    });
    const campaign = created.json().data;
    expect(campaign).toMatchObject({ name: 'Audited', codeKind: 'unique', codes: 2, claimed: 0 });
    expect((await audit())[0]).toMatchObject({ action: 'campaign.create', target: `campaign:${campaign.id}`, before: null, after: { name: 'Audited', codes: 2 } });
  });

  it('has one way to switch maintenance and to create a campaign: the console calls (decision 0119)', async () => {
    const hour = 3_600_000;
    const campaign = { name: 'Second door', contents: [{ asset: 'gold_coins', quantity: 1 }], startsAt: new Date(Date.now() - hour).toISOString(), endsAt: new Date(Date.now() + hour).toISOString(), totalCap: 5, sharedCode: 'SECONDDOOR' };
    expect((await post('/v1/recharge/switches', { iosNotice: false })).statusCode).toBe(404);
    expect((await post('/v1/gift/campaigns', campaign)).statusCode).toBe(404);
    expect((await get('/v1/recharge/status')).json().data.iosNotice).toBe(true);
    expect((await get('/v1/gift/campaigns')).json().data.map((c: { name: string }) => c.name)).not.toContain('Second door');
  });
});
