import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@vsp/contract/error-codes';
import { giftCampaigns, giftRedemptions } from '../gift-codes/gift-codes.schema';
import { ledgerEntries } from '../wallet/wallet.schema';
import { musicSubmissions } from '../music/music.schema';
import { sessions } from '../sessions/sessions.schema';
import { supportMessages } from '../support/support.schema';
import { topUpOrders } from '../recharge/recharge.schema';
import { uploadSessions } from '../uploads/uploads.schema';
import { users } from '../accounts/users.schema';
import { auditLog } from '../audit/audit.schema';
import type { Database } from '../../db/database';
import { databaseTargets } from '../../test/databases';
import { readOutbox } from '../../test/outbox';
import { createTestApp, type TestApp } from '../../test/test-app';
import { rechargeKit } from '../../test/recharge-kit';
import { seedCatalogue } from '../../seed/seed-demo';

const DAY_MS = 24 * 60 * 60 * 1000;
const PASSWORD = 'data-owner-password-1';

describe.each(databaseTargets())('data export and account deletion on $name (issue 20)', (target) => {
  let t: TestApp;
  let kit: ReturnType<typeof rechargeKit>;
  let clock = Date.now();
  let cardId: number;
  let productId: number;
  let db: Database;

  beforeAll(async () => {
    const database = await target.open();
    db = database.db;
    t = await createTestApp({ database, now: () => clock, env: { RECHARGE_LIMIT_PER_ADDRESS: '100000' } });
    kit = rechargeKit(t);
    await seedCatalogue(t.app.rechargeRepository);
    const catalogue = await kit.catalogue();
    cardId = catalogue.paymentMethods.find((m: { name: string }) => m.name === 'Sandbox Card').id;
    productId = catalogue.products[1].id;
  });
  afterAll(() => t.close());

  let accounts = 0;
  /** A player with an order, a ledger entry, a redemption, a song in storage and a support message. */
  async function playerWithData() {
    accounts += 1;
    const userName = `owner${accounts}`;
    const email = `owner${accounts}@example.com`;
    const user = await t.app.accounts.createUser({ userName, email, password: PASSWORD, nickname: `Owner ${accounts}` });
    const { uid } = user;
    const orderNo: string = kit.body(await kit.createOrder({ uid, itemId: productId, paymentMethodId: cardId, email: `payer${accounts}@example.com` }, undefined, await kit.signIn(uid))).data.orderNo;
    await db.insert(ledgerEntries).values({ uid, asset: 'diamonds', delta: 60, reason: 'gift_code', reference: `redemption:test-${accounts}` });
    const [campaign] = await db.insert(giftCampaigns).values({ name: `Campaign ${accounts}`, contents: [{ asset: 'diamonds', quantity: 60 }], startsAt: new Date(clock - DAY_MS), endsAt: new Date(clock + DAY_MS), totalCap: 10, codeKind: 'shared' }).returning();
    await db.insert(giftRedemptions).values({ campaignId: campaign!.id, uid, code: `CODE${accounts}` });
    const key = `music/${uid}/song-${accounts}.mp3`;
    await db.insert(uploadSessions).values({ id: `up-${uid}`, uid, fileType: 'music', objectKey: key, storageUploadId: 'x', fileName: 'my-song.mp3', fileSize: 3, contentType: 'audio/mpeg', partSize: 1_024_000, partCount: 1, fingerprint: 'f', state: 'completed', expiresAt: new Date(clock + DAY_MS) });
    await db.insert(musicSubmissions).values({ uid, uploadId: `up-${uid}`, songName: 'My Song', singer: 'Me', language: 'en', objectKey: key, sizeBytes: 3, durationMs: 60_000 });
    const file = path.join(t.dataDir, 'objects', key);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, 'ID3');
    await db.insert(supportMessages).values({ reference: `CS-TEST-${accounts}`, email, topic: 'other', message: 'Hello' });
    return { uid, userName, email, orderNo, key };
  }

  const login = async (userName: string) =>
    kit.body(await t.app.inject({ method: 'POST', url: '/v1/user/official/loginByEmailOrUserName', payload: t.sign({ userName, passWord: PASSWORD }) }));
  const post = async (url: string, headers: Record<string, string>) => kit.body(await t.app.inject({ method: 'POST', url, payload: t.sign(), headers }));

  it('exports profile, sessions without token hashes, orders, ledger, redemptions and uploads with links as one zip', async () => {
    const { uid, userName, email, orderNo, key } = await playerWithData();
    const headers = await kit.signIn(uid);
    const answer = kit.body(await kit.get('/v1/user/data/export', {}, headers));
    expect(answer.status).toBe(1);
    expect(answer.data).toMatchObject({ contentType: 'application/zip', fileName: expect.stringMatching(new RegExp(`^avatar-party-data-${uid}-\\d{4}-\\d{2}-\\d{2}\\.zip$`)) });
    const bytes = Buffer.from(answer.data.archive, 'base64');
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    const files = unzipSync(new Uint8Array(bytes));
    const json = (name: string) => JSON.parse(strFromU8(files[name]!));
    expect(Object.keys(files).sort()).toEqual(
      ['README.txt', 'account-deletion.json', 'export.json', 'gift-code-redemptions.json', 'ledger.json', 'orders.json', 'parental-controls.json', 'passkeys.json', 'profile.json', 'sessions.json', 'support-messages.json', 'uploads/outfits.json', 'uploads/songs.json'].sort(),
    );
    expect(json('profile.json')).toMatchObject({ uid, userName, email });
    expect(json('orders.json')).toEqual([expect.objectContaining({ orderNo, currency: 'USD' })]);
    expect(json('ledger.json')).toEqual([expect.objectContaining({ asset: 'diamonds', delta: 60 })]);
    expect(json('gift-code-redemptions.json')).toEqual([expect.objectContaining({ code: expect.stringMatching(/^CODE/) })]);
    expect(json('uploads/songs.json')).toEqual([expect.objectContaining({ songName: 'My Song', url: expect.stringContaining(`/objects/${key}`) })]);
    expect(json('support-messages.json')).toHaveLength(1);
    const sessionsFile = strFromU8(files['sessions.json']!);
    // The session the order was placed with, and this one.
    expect(JSON.parse(sessionsFile)).toHaveLength(2);
    expect(sessionsFile).not.toMatch(/token/i);

    // Nobody else's data, and nothing without a session.
    expect(kit.body(await kit.get('/v1/user/data/export')).errInfo?.code).toBe(Errors.LoginRequired);
  });

  it('a deletion request waits 30 days, ends other sessions, and signing in cancels it', async () => {
    const { uid, userName } = await playerWithData();
    const other = await kit.signIn(uid);
    const headers = await kit.signIn(uid);
    const requested = await post('/v1/user/deletion/request', headers);
    expect(requested.data.pending).toEqual({ requestedAt: clock, dueAt: clock + 30 * DAY_MS });
    expect(kit.body(await kit.get('/v1/user/getUserInfoByToken', {}, other)).errInfo?.code).toBe(Errors.LoggedOut);
    expect(kit.body(await kit.get('/v1/user/deletion', {}, headers)).data.pending).not.toBeNull();
    // Asking again answers the same request.
    expect((await post('/v1/user/deletion/request', headers)).data.pending.requestedAt).toBe(requested.data.pending.requestedAt);
    const listed = kit.body(await kit.get('/v1/console/account-deletions', {}, await kit.signIn(await operatorUid()))).data;
    expect(listed.pending.map((p: { uid: number }) => p.uid)).toContain(uid);

    clock += 10 * DAY_MS;
    // The sign-in says that it cancelled the deletion, so the player can be told.
    const signedIn = await login(userName);
    expect(signedIn).toMatchObject({ status: 1, data: { uid, deletionCancelled: true } });
    expect(kit.body(await kit.get('/v1/user/deletion', {}, headers)).data.pending).toBeNull();
    clock += 25 * DAY_MS;
    expect(await t.app.accountData.sweep()).toBe(0);
    const again = await login(userName);
    expect(again.status).toBe(1);
    expect(again.data).not.toHaveProperty('deletionCancelled');

    // The explicit "keep my account" does the same.
    const keeper = await kit.signIn(uid);
    expect((await post('/v1/user/deletion/request', keeper)).data.pending).not.toBeNull();
    expect((await post('/v1/user/deletion/cancel', keeper)).data.pending).toBeNull();
  });

  it('mails the player in the language of the request: asked (with the day), cancelled by signing in, completed by the sweep', async () => {
    const { uid, userName, email } = await playerWithData();
    const mailsTo = () => readOutbox(path.join(t.dataDir, 'outbox')).filter((m) => m.to === email);
    const headers = await kit.signIn(uid);
    const ask = (lang: string) => t.app.inject({ method: 'POST', url: '/v1/user/deletion/request', payload: t.sign({ lang }), headers });
    expect((await ask('th')).statusCode).toBe(200);
    // Asking again answers the pending request; it mails nothing more.
    expect((await ask('ko')).statusCode).toBe(200);
    const day = new Intl.DateTimeFormat('th', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(clock + 30 * DAY_MS));
    expect(mailsTo().map((m) => [m.kind, m.lang])).toEqual([['deletion-requested', 'th']]);
    expect(mailsTo()[0]!.subject).toBe(`บัญชี Avatar Party ของคุณจะถูกลบในวันที่ ${day}`);
    expect(mailsTo()[0]!.plain).toContain(userName);

    // Signing in cancels it; the mail is in the language the player asked in, not the sign-in's.
    expect((await login(userName)).data.deletionCancelled).toBe(true);
    expect(mailsTo().map((m) => [m.kind, m.lang])).toEqual([['deletion-requested', 'th'], ['deletion-cancelled', 'th']]);
    expect(mailsTo()[1]!.subject).toBe('บัญชี Avatar Party ของคุณจะไม่ถูกลบ');

    // A request in Arabic, erased 30 days later by the sweep: the last mail goes to the address the account had.
    const again = await kit.signIn(uid);
    expect((await t.app.inject({ method: 'POST', url: '/v1/user/deletion/request', payload: t.sign({ lang: 'ar' }), headers: again })).statusCode).toBe(200);
    clock += 30 * DAY_MS + 1000;
    expect(await t.app.accountData.sweep()).toBe(1);
    const last = mailsTo().at(-1)!;
    expect([last.kind, last.lang, last.subject]).toEqual(['deletion-completed', 'ar', 'حُذف حسابك في Avatar Party']);
    expect(last.html).toMatch(/<html dir="rtl" lang="ar"/);
    expect(last.plain).toContain(String(uid));
    // Nothing is ever sent to the pseudonym.
    expect(readOutbox(path.join(t.dataDir, 'outbox')).filter((m) => m.to.includes(`deleted-${uid}`))).toEqual([]);
  });

  it('after 30 days the sweep erases personal data and uploads, blocks sign-in, and keeps orders and ledger under a pseudonym', async () => {
    const { uid, userName, email, orderNo, key } = await playerWithData();
    const headers = await kit.signIn(uid);
    await post('/v1/user/deletion/request', headers);
    expect((await t.app.inject({ method: 'GET', url: `/objects/${key}` })).statusCode).toBe(200);

    clock += 30 * DAY_MS - 1000;
    expect(await t.app.accountData.sweep()).toBe(0);
    clock += 2000;
    // Once across processes: the job as the listener runs it.
    await t.app.jobs.find((job) => job.name === 'account deletion sweep')!.run(undefined);

    expect((await login(userName)).errInfo?.code).toBe(Errors.UserNotRegistered);
    expect((await login(email)).errInfo?.code).toBe(Errors.UserNotRegistered);
    // The pseudonym answers like an account that never existed (issue 28), and gets no reset link.
    expect((await login(`deleted-${uid}`)).errInfo?.code).toBe(Errors.UserNotRegistered);
    const reset = await t.app.inject({ method: 'POST', url: '/v1/user/official/password/sendResetEmail', payload: t.sign({ email: `deleted-${uid}@deleted.invalid` }) });
    expect(reset.json().status).toBe(1);
    expect(readOutbox(path.join(t.dataDir, 'outbox')).filter((m) => m.to.includes(`deleted-${uid}`))).toEqual([]);
    const [account] = await db.select().from(users).where(eq(users.uid, uid));
    expect(account).toMatchObject({ userName: `deleted-${uid}`, nickname: `deleted-${uid}`, email: `deleted-${uid}@deleted.invalid`, passwordHash: '', blocked: true });
    expect(await db.select().from(sessions).where(eq(sessions.uid, uid))).toEqual([]);
    expect(await db.select().from(musicSubmissions).where(eq(musicSubmissions.uid, uid))).toEqual([]);
    expect(await db.select().from(uploadSessions).where(eq(uploadSessions.uid, uid))).toEqual([]);
    expect(await db.select().from(supportMessages).where(eq(supportMessages.email, email))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/objects/${key}` })).statusCode).toBe(404);

    const [order] = await db.select().from(topUpOrders).where(eq(topUpOrders.orderNo, orderNo));
    expect(order).toMatchObject({ uid, email: null });
    expect(await db.select().from(ledgerEntries).where(eq(ledgerEntries.uid, uid))).toHaveLength(1);
    const operator = await kit.signIn(await operatorUid());
    const found = kit.body(await kit.get('/v1/console/orders/search', { q: String(uid) }, operator));
    expect(found.data.orders.map((o: { orderNo: string }) => o.orderNo)).toEqual([orderNo]);
    const listed = kit.body(await kit.get('/v1/console/account-deletions', {}, operator)).data;
    expect(listed.pending.map((p: { uid: number }) => p.uid)).not.toContain(uid);
    expect(listed.completed[0]).toMatchObject({ uid, userName: `deleted-${uid}` });
    const audit = kit.body(await kit.get('/v1/console/audit', {}, operator)).data.entries;
    expect(audit.find((e: { action: string; target: string }) => e.action === 'account.erase' && e.target === `user:${uid}`)).toBeDefined();
    // Erased stays erased: no operator or admin command brings the pseudonym back to life, so
    // nobody can sign in as it or top it up.
    const [shown] = kit.body(await kit.get('/v1/console/users/search', { q: String(uid) }, operator)).data.users;
    expect(shown).toMatchObject({ uid, blocked: true, erasedAt: clock });
    const unblock = kit.body(await t.app.inject({ method: 'POST', url: '/v1/console/users/block', payload: t.sign({ uid, blocked: false }), headers: operator }));
    expect(unblock.errInfo).toMatchObject({ code: Errors.ValidationFailed, fields: [{ field: 'uid', rule: 'erased' }] });
    await expect(t.app.accounts.setBlocked(uid, false)).rejects.toMatchObject({ code: Errors.ValidationFailed });
    await expect(t.app.accounts.setPassword(uid, 'brand-new-password-1')).rejects.toMatchObject({ code: Errors.ValidationFailed });
    expect(await db.select({ blocked: users.blocked, passwordHash: users.passwordHash }).from(users).where(eq(users.uid, uid))).toEqual([{ blocked: true, passwordHash: '' }]);
    expect(kit.body(await kit.get('/v1/webPage/getUserInfoByUid', {}, { uid: String(uid) })).errInfo?.code).toBe(Errors.UserNotRegistered);
    // Blocking it again is harmless; an account that is only blocked still unblocks.
    expect(kit.body(await t.app.inject({ method: 'POST', url: '/v1/console/users/block', payload: t.sign({ uid, blocked: true }), headers: operator })).status).toBe(1);
    // A sign-in that passed its password check while the sweep ran makes no session afterwards.
    await expect(t.app.sessions.create(uid)).rejects.toMatchObject({ code: Errors.UserNotRegistered });
    // Run again: nothing left to do.
    expect(await t.app.accountData.sweep()).toBe(0);
  });

  it('undoes the whole erasure, its audit entry with it, when the object store fails; the next sweep completes it', async () => {
    const { uid, key } = await playerWithData();
    await post('/v1/user/deletion/request', await kit.signIn(uid));
    // The song's object cannot be deleted: a folder with something in it stands where the file was.
    const file = path.join(t.dataDir, 'objects', key);
    rmSync(file);
    mkdirSync(path.join(file, 'stuck'), { recursive: true });
    clock += 31 * DAY_MS;
    await t.app.accountData.sweep();
    const erasures = () => db.select().from(auditLog).where(and(eq(auditLog.action, 'account.erase'), eq(auditLog.target, `user:${uid}`)));
    const [kept] = await db.select().from(users).where(eq(users.uid, uid));
    expect(kept).toMatchObject({ erasedAt: null, blocked: false });
    expect(await db.select().from(sessions).where(eq(sessions.uid, uid))).not.toEqual([]);
    expect(await db.select().from(musicSubmissions).where(eq(musicSubmissions.uid, uid))).toHaveLength(1);
    expect(await erasures()).toEqual([]);

    rmSync(file, { recursive: true });
    await t.app.accountData.sweep();
    const [erased] = await db.select().from(users).where(eq(users.uid, uid));
    expect(erased!.erasedAt).not.toBeNull();
    expect(await db.select().from(musicSubmissions).where(eq(musicSubmissions.uid, uid))).toEqual([]);
    expect(await erasures()).toHaveLength(1);
  });

  it('tells exactly one of 50 simultaneous sign-ins that it cancelled the deletion, and answers none with 5xx', async () => {
    const { uid, userName } = await playerWithData();
    await post('/v1/user/deletion/request', await kit.signIn(uid));
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => t.app.inject({ method: 'POST', url: '/v1/user/official/loginByEmailOrUserName', payload: t.sign({ userName, passWord: PASSWORD }) })),
    );
    expect(answers.every((a) => a.statusCode < 500)).toBe(true);
    const bodies = answers.map((a) => kit.body(a));
    // The per-account attempt limit turns some away (42900); every sign-in that went through made a session.
    expect(bodies.every((b) => b.status === 1 || b.errInfo?.code === Errors.TooManyAttempts)).toBe(true);
    expect(bodies.filter((b) => b.data?.deletionCancelled === true)).toHaveLength(1);
    expect(kit.body(await kit.get('/v1/user/deletion', {}, await kit.signIn(uid))).data.pending).toBeNull();
  });

  it('keeps an erased account blocked against 50 simultaneous unblocks, and answers odd input below 500', async () => {
    const { uid } = await playerWithData();
    await post('/v1/user/deletion/request', await kit.signIn(uid));
    clock += 31 * DAY_MS;
    await t.app.accountData.sweep();
    const operator = await kit.signIn(await operatorUid());
    const block = (payload: string | Record<string, string>) => t.app.inject({ method: 'POST', url: '/v1/console/users/block', payload, headers: { ...operator, 'content-type': 'application/json' } });
    const answers = await Promise.all(Array.from({ length: 50 }, () => block(t.sign({ uid, blocked: false }))));
    expect(answers.map((a) => kit.body(a).errInfo?.code)).toEqual(Array(50).fill(Errors.ValidationFailed));
    expect(await db.select({ blocked: users.blocked }).from(users).where(eq(users.uid, uid))).toEqual([{ blocked: true }]);
    const deep = JSON.stringify(Array.from({ length: 100 }).reduce((inner) => ({ inner }), {}));
    for (const odd of [
      t.sign({ uid: `${uid}\u0000`, blocked: false }),
      JSON.stringify({ ...t.sign({ blocked: false }), uid: 'UID' }).replace('"UID"', '1e999'),
      t.sign({ uid: '9'.repeat(10_000), blocked: false }),
      JSON.stringify({ ...t.sign({ uid, blocked: false }), extra: 'DEEP' }).replace('"DEEP"', deep),
    ]) {
      const answer = await block(odd);
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
    }
    expect(await db.select({ blocked: users.blocked }).from(users).where(eq(users.uid, uid))).toEqual([{ blocked: true }]);
  });

  it('refuses operators and strangers', async () => {
    const operator = await kit.signIn(await operatorUid());
    expect((await post('/v1/user/deletion/request', operator)).errInfo?.code).toBe(Errors.Forbidden);
    const { uid } = await playerWithData();
    expect(kit.body(await kit.get('/v1/console/account-deletions', {}, await kit.signIn(uid))).errInfo?.code).toBe(Errors.Forbidden);
    expect((await post('/v1/user/deletion/request', {})).errInfo?.code).toBe(Errors.LoginRequired);
  });

  let operator: number | undefined;
  async function operatorUid() {
    operator ??= (await t.app.accounts.createUser({ userName: 'dataop', email: 'dataop@example.com', password: PASSWORD, role: 'operator' })).uid;
    return operator;
  }
});
