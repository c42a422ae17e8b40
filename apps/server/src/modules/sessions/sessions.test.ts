import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@vsp/contract/app-error';
import { Errors } from '@vsp/contract/error-codes';
import type { DatabaseHandle } from '../../db/database';
import { sessions } from './sessions.schema';
import { users } from '../accounts/users.schema';
import { databaseTargets } from '../../test/databases';
import { AccountsRepository } from '../accounts/accounts.repository';
import { SESSION_TTL_MS, SessionsService } from './sessions.service';
import { SessionsRepository } from './sessions.repository';

const codeOf = (promise: Promise<unknown>) => promise.then(() => 0, (e: unknown) => (e instanceof AppError ? e.code : -1));

describe.each(databaseTargets())('sessions on $name', (target) => {
  let handle: DatabaseHandle;
  let clock = Date.now();
  let service: SessionsService;
  let uid: number;

  beforeAll(async () => {
    handle = await target.open();
    const accountsRepository = new AccountsRepository(handle.db);
    service = new SessionsService({ sessions: new SessionsRepository(handle.db), now: () => clock });
    uid = (await accountsRepository.insert({ userName: 'erin', email: 'erin@example.com', nickname: 'Erin', passwordHash: 'not-a-hash', role: 'player' })).uid;
  });
  afterAll(() => handle.close());

  it('issues a 256-bit token that authenticates its own uid and is stored only as a hash', async () => {
    const { token } = await service.create(uid, 'test');
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect((await service.authenticate(token, String(uid))).uid).toBe(uid);
    const stored = await handle.db.select().from(sessions).where(eq(sessions.uid, uid));
    expect(stored.some((s) => s.tokenHash === token || s.tokenHash.includes(token))).toBe(false);
  });

  it('refuses a missing token, another uid, a revoked and an expired session', async () => {
    const { token, session } = await service.create(uid);
    expect(await codeOf(service.authenticate(undefined, String(uid)))).toBe(Errors.LoginRequired);
    expect(await codeOf(service.authenticate(token, String(uid + 1)))).toBe(Errors.LoginFailed);
    expect(await codeOf(service.authenticate('made-up', String(uid)))).toBe(Errors.LoginFailed);
    const later = await service.create(uid);
    clock += SESSION_TTL_MS + 1;
    expect(await codeOf(service.authenticate(later.token, String(uid)))).toBe(Errors.SessionExpired);
    clock -= SESSION_TTL_MS + 1;
    await service.revoke(session.id);
    expect(await codeOf(service.authenticate(token, String(uid)))).toBe(Errors.LoggedOut);
  });

  it('refuses a blocked user with 10064', async () => {
    const { token } = await service.create(uid);
    await handle.db.update(users).set({ blocked: true }).where(eq(users.uid, uid));
    expect(await codeOf(service.authenticate(token, String(uid)))).toBe(Errors.AccountBlocked);
    await handle.db.update(users).set({ blocked: false }).where(eq(users.uid, uid));
  });

  it('answers "blocked" for a session the block revoked, and the account fields with the session', async () => {
    const { token, session } = await service.create(uid);
    expect(await service.authenticate(token, String(uid))).toEqual({ uid, role: 'player', nickname: 'Erin', userName: 'erin', email: 'erin@example.com', sessionId: session.id, operatorRoles: [], secondFactor: null, secondFactorAt: null });
    await handle.db.update(users).set({ blocked: true }).where(eq(users.uid, uid));
    await service.revoke(session.id);
    expect(await codeOf(service.authenticate(token, String(uid)))).toBe(Errors.AccountBlocked);
    await handle.db.update(users).set({ blocked: false }).where(eq(users.uid, uid));
    expect(await codeOf(service.authenticate(token, String(uid)))).toBe(Errors.LoggedOut);
  });
});
