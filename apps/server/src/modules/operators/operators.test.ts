import Fastify from 'fastify';
import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, operatorOperations } from '@vsp/contract/endpoints/api';
import { Errors } from '@vsp/contract/error-codes';
import { OPERATOR_INVITATION_TTL_MS } from '@vsp/contract/endpoints/operators';
import { OPERATOR_ROLES, STEP_UP_WINDOW_MS, type OperatorRole } from '@vsp/contract/operator-roles';
import type { Params } from '@vsp/contract/signing';
import authenticate from '../../plugins/authenticate';
import { readOutbox } from '../../test/outbox';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signedBody } from '../../test/upload-client';
import type { SessionsService } from '../sessions';

type Headers = { token: string; uid: string };
const PASSWORD = 'long-password-9';

/**
 * Issue 30: operators hold roles, and the server enforces each operator operation's row of the
 * operation table (decisions 0154, 0155). The matrix is generated from the table: an operation added
 * to it is covered here without editing this file.
 */
describe('operator roles, second factors and step-up', () => {
  let t: TestApp;
  let clock = Date.now();
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(() => t?.close());

  const operator = async (roles: readonly OperatorRole[], verified = true) => {
    const userName = `op${++n}`;
    const user = await t.app.accounts.createUser({ userName, email: `${userName}@example.com`, password: PASSWORD, role: 'operator', operatorRoles: roles });
    const { token } = await t.app.sessions.create(user.uid, '', verified ? { secondFactor: 'totp' } : {});
    return { token, uid: String(user.uid), n: user.uid, userName };
  };
  /** Calls an operation with no arguments (path parameters 1): enough to pass or fail the guard. */
  const call = (operation: { method: 'GET' | 'POST'; path: string }, as?: Headers, params: Params = {}) => {
    const url = operation.path.replace(/:[a-zA-Z]+/g, '1');
    const headers = as ? { token: as.token, uid: as.uid } : {};
    return operation.method === 'GET'
      ? t.app.inject({ method: 'GET', url, query: t.sign(params), headers })
      : t.app.inject({ method: 'POST', url, payload: signedBody(t, params, clock), headers });
  };
  const codeAt = (secret: string, at: number) => new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at });
  const data = async (response: Promise<{ json(): { status: number; data?: unknown; errInfo?: { code: number } } }>) => (await response).json();
  const op = (name: string) => operatorOperations.find((o) => o.name === name)!;
  const login = async (userName: string): Promise<Headers> => {
    const body = (await t.app.inject({ method: 'POST', url: '/v1/user/official/loginByEmailOrUserName', payload: t.sign({ userName, passWord: PASSWORD }) })).json();
    return { token: body.data.token, uid: String(body.data.uid) };
  };

  it('answers every operator operation 403 to every role the table does not name, and lets the roles it names through', async () => {
    expect(operatorOperations.length).toBeGreaterThan(35);
    const byRole = new Map<OperatorRole, Headers>();
    for (const role of OPERATOR_ROLES) byRole.set(role, await operator([role]));
    for (const operation of operatorOperations) {
      for (const role of OPERATOR_ROLES) {
        const response = await call(operation, byRole.get(role));
        const label = `${operation.method} ${operation.path} as ${role}`;
        if (operation.access.roles.includes(role)) {
          expect(response.statusCode, label).not.toBe(403);
          expect(response.statusCode, label).toBeLessThan(500);
        } else {
          expect(response.statusCode, label).toBe(403);
          expect(response.json().errInfo.code, label).toBe(Errors.OperatorRoleMissing);
        }
      }
    }
  });

  it('answers 403 to a player and to an operator whose session has no second factor, on every operation but the sign-in ones', async () => {
    const player = await t.app.accounts.createUser({ userName: `pl${++n}`, email: `pl${n}@example.com`, password: PASSWORD });
    const playerHeaders = { token: (await t.app.sessions.create(player.uid)).token, uid: String(player.uid) };
    const passwordOnly = await operator(OPERATOR_ROLES, false);
    for (const operation of operatorOperations) {
      const label = `${operation.method} ${operation.path}`;
      const asPlayer = await call(operation, playerHeaders);
      expect(asPlayer.statusCode, label).toBe(403);
      expect(asPlayer.json().errInfo.code, label).toBe(Errors.Forbidden);
      expect((await call(operation)).statusCode, `${label} without a session`).toBe(401);
      const withPasswordOnly = await call(operation, passwordOnly);
      if (operation.access.beforeSecondFactor) expect(withPasswordOnly.statusCode, label).not.toBe(403);
      else {
        expect(withPasswordOnly.statusCode, label).toBe(403);
        expect(withPasswordOnly.json().errInfo.code, label).toBe(Errors.SecondFactorRequired);
      }
    }
  });

  it('refuses every step-up operation 5 minutes after the second factor, and only those', async () => {
    const all = await operator(OPERATOR_ROLES);
    const stepUp = operatorOperations.filter((o) => o.access.stepUp).map((o) => o.name);
    expect(stepUp).toEqual(expect.arrayContaining(['refundOrder', 'saveSiteSettings', 'setOperatorRoles', 'blockUser', 'publishLabels', 'campaignCodes']));
    clock += STEP_UP_WINDOW_MS + 1000;
    try {
      for (const operation of operatorOperations) {
        const response = await call(operation, all);
        const label = `${operation.method} ${operation.path}`;
        if (operation.access.stepUp) {
          expect(response.statusCode, label).toBe(403);
          expect(response.json().errInfo.code, label).toBe(Errors.StepUpRequired);
        } else expect(response.statusCode, label).not.toBe(403);
      }
    } finally {
      clock -= STEP_UP_WINDOW_MS + 1000;
    }
  });

  it("shows each operator operation's roles and step-up in the OpenAPI document", () => {
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, { description?: string }>> }).paths;
    for (const { method, path, access } of operatorOperations) {
      const documented = paths[path.replace(/:([a-zA-Z]+)/g, '{$1}')]?.[method.toLowerCase()];
      expect(documented?.description, `${method} ${path}`).toContain(`Operator roles: ${access.roles.join(', ')}.`);
      expect(documented?.description?.includes('Step-up'), `${method} ${path}`).toBe(access.stepUp === true);
    }
  });

  it('refuses to start a server with an operator route that has no row in the operation table', async () => {
    const app = Fastify();
    const start = async () => {
      await app.register(authenticate, { sessions: {} as SessionsService, now: Date.now });
      await app.register(async (scope) => {
        scope.get('/v1/console/not-in-the-table', { preValidation: scope.requireOperator }, async () => ({}));
      });
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/GET \/v1\/console\/not-in-the-table guards operators but has no row with its access rule in the operation table/);
    await app.close();
  });

  it('enrols an authenticator app at the first sign-in; the password alone opens nothing; codes and recovery codes work once', async () => {
    const { userName, n: uid } = await operator(['reviewer'], false);
    const session = await login(userName);
    const me = (as: Headers) => data(call(op('operatorMe'), as));
    expect((await me(session)).data).toMatchObject({ roles: ['reviewer'], factors: [], secondFactor: null });
    expect((await data(call(op('reviewQueue'), session))).errInfo?.code).toBe(Errors.SecondFactorRequired);

    const started = (await data(call(op('startTotp'), session))).data as { secret: string; uri: string };
    expect(started.uri).toMatch(/^otpauth:\/\/totp\//);
    expect((await data(call(op('confirmTotp'), session, { code: codeAt(started.secret, clock - 10 * 60_000) }))).errInfo?.code).toBe(Errors.SecondFactorRefused);
    const confirmed = (await data(call(op('confirmTotp'), session, { code: codeAt(started.secret, clock) }))).data as { recoveryCodes: string[] };
    expect(confirmed.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.recoveryCodes).size).toBe(10);
    expect((await call(op('reviewQueue'), session)).statusCode).toBe(200);
    expect((await me(session)).data).toMatchObject({ factors: [{ kind: 'totp' }], secondFactor: 'totp', recoveryCodesLeft: 10 });

    // Stored as hashes only: no table holds a code as shown.
    const stored = await t.app.operatorsRepository.recoveryCodesLeft(uid);
    expect(stored).toBe(10);

    // The next sign-in: the code already used is refused, the next one works once.
    const second = await login(userName);
    expect((await data(call(op('verifySecondFactor'), second, { code: codeAt(started.secret, clock) }))).errInfo?.code).toBe(Errors.SecondFactorRefused);
    const next = codeAt(started.secret, clock + 30_000);
    expect((await data(call(op('verifySecondFactor'), second, { code: next }))).data).toMatchObject({ secondFactor: 'totp' });
    expect((await call(op('reviewQueue'), second)).statusCode).toBe(200);
    const third = await login(userName);
    expect((await data(call(op('verifySecondFactor'), third, { code: next }))).errInfo?.code).toBe(Errors.SecondFactorRefused);

    // A recovery code opens the console once, typed with spaces or capitals.
    const recovery = confirmed.recoveryCodes[3]!;
    expect((await data(call(op('verifySecondFactor'), third, { recoveryCode: ` ${recovery.toUpperCase()} ` }))).data).toMatchObject({ secondFactor: 'recovery_code' });
    const fourth = await login(userName);
    expect((await data(call(op('verifySecondFactor'), fourth, { recoveryCode: recovery }))).errInfo?.code).toBe(Errors.SecondFactorRefused);
    expect((await me(third)).data).toMatchObject({ recoveryCodesLeft: 9 });

    // Another app may be added only with a fresh factor (a stolen session cannot add the thief's).
    clock += STEP_UP_WINDOW_MS + 1000;
    try {
      expect((await data(call(op('startTotp'), third))).errInfo?.code).toBe(Errors.StepUpRequired);
    } finally {
      clock -= STEP_UP_WINDOW_MS + 1000;
    }

    const audit = await t.app.auditLog.recent(50);
    const mine = audit.filter((entry: { target: string }) => entry.target === `user:${uid}`).map((entry: { action: string; after: unknown }) => [entry.action, entry.after]);
    expect(mine).toEqual(
      expect.arrayContaining([
        ['operator.factor-add', expect.objectContaining({ factor: 'totp', firstFactor: true })],
        ['operator.sign-in', expect.objectContaining({ factor: 'totp' })],
        ['operator.sign-in', expect.objectContaining({ factor: 'recovery_code' })],
        ['operator.second-factor-refused', expect.objectContaining({ factor: 'totp' })],
      ]),
    );
  });

  it('ends an operator session after 30 minutes idle and after 12 hours in all; a player session outlives both', async () => {
    const idle = await operator(['reviewer']);
    clock += 31 * 60_000;
    try {
      expect((await data(call(op('operatorMe'), idle))).errInfo?.code).toBe(Errors.SessionExpired);
    } finally {
      clock -= 31 * 60_000;
    }
    const busy = await operator(['reviewer']);
    const player = await t.app.accounts.createUser({ userName: `pl${++n}`, email: `pl${n}@example.com`, password: PASSWORD });
    const playerHeaders = { token: (await t.app.sessions.create(player.uid)).token, uid: String(player.uid) };
    const start = clock;
    try {
      for (let minutes = 20; minutes <= 12 * 60; minutes += 20) {
        clock = start + minutes * 60_000;
        expect((await data(call(op('operatorMe'), busy))).status, `after ${minutes} min`).toBe(1);
      }
      clock = start + 12 * 60 * 60_000 + 60_000;
      expect((await data(call(op('operatorMe'), busy))).errInfo?.code).toBe(Errors.SessionExpired);
      const info = await t.app.inject({ method: 'GET', url: '/v1/user/getUserInfoByToken', query: t.sign({}), headers: playerHeaders });
      expect(info.json().status).toBe(1);
    } finally {
      clock = start;
    }
  });

  it('lets an administrator set roles, reset a lost factor and revoke an operator (sessions end at once), all audited; never on themselves', async () => {
    const admin = await operator(['administrator']);
    const target = await operator(['reviewer']);
    const post = (name: string, body: Params, as: Headers = admin) => data(call(op(name), as, body));

    expect((await post('setOperatorRoles', { uid: target.n, roles: ['reviewer', 'finance'] })).data).toMatchObject({ roles: ['reviewer', 'finance'] });
    expect((await call(op('uncreditedOrders'), target)).statusCode).toBe(200);
    expect((await post('setOperatorRoles', { uid: admin.n, roles: ['reviewer'] })).errInfo?.code).toBe(Errors.ValidationFailed);
    expect((await post('resetOperatorFactors', { uid: admin.n })).errInfo?.code).toBe(Errors.ValidationFailed);
    expect((await post('revokeOperator', { uid: admin.n })).errInfo?.code).toBe(Errors.ValidationFailed);

    const listed = (await data(call(op('operators'), admin))).data as { operators: { uid: number; roles: string[]; lastSignInAt: string | null }[] };
    expect(listed.operators.find((o) => o.uid === target.n)).toMatchObject({ roles: ['reviewer', 'finance'], lastSignInAt: expect.any(String) });

    expect((await post('resetOperatorFactors', { uid: target.n })).data).toMatchObject({ factors: [] });
    expect((await data(call(op('operatorMe'), target))).errInfo?.code).toBe(Errors.LoggedOut);

    const again = await t.app.sessions.create(target.n, '', { secondFactor: 'totp' });
    const againHeaders = { token: again.token, uid: target.uid };
    expect((await post('revokeOperator', { uid: target.n })).data).toMatchObject({ roles: [], revoked: true });
    expect((await data(call(op('operatorMe'), againHeaders))).errInfo?.code).toBe(Errors.LoggedOut);

    const audit = await t.app.auditLog.recent(20);
    const actions = audit.filter((entry: { target: string }) => entry.target === `user:${target.n}`).map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['operator.roles', 'operator.factors-reset', 'operator.revoke']));
  });

  it('invites by e-mail: the link in the mail makes an operator account with the roles offered, once, until it expires or is cancelled', async () => {
    const admin = await operator(['administrator']);
    const post = (name: keyof typeof operations, body: Params, as?: Headers) => data(call(operations[name], as, body));
    const inviteLink = (to: string) => {
      const mail = readOutbox(`${t.dataDir}/outbox`).filter((m) => m.to === to && m.kind === 'operator-invite').at(-1);
      return mail?.text.match(/\/console\/invite\?lang=[a-zA-Z-]+#([A-Za-z0-9_-]+)/)?.[1];
    };

    // An address that already has an account, or is no address, is refused; a stranger's page gets nothing.
    expect((await post('inviteOperator', { email: `${admin.userName}@example.com`, roles: ['support'], lang: 'en' }, admin)).errInfo?.code).toBe(Errors.ValidationFailed);
    expect((await post('inviteOperator', { email: 'not-an-address', roles: ['support'], lang: 'en' }, admin)).errInfo?.code).toBe(Errors.ValidationFailed);
    expect((await post('acceptOperatorInvitation', { token: 'x'.repeat(43), userName: 'nobody_here', passWord: PASSWORD })).errInfo?.code).toBe(Errors.OperatorInvitationClosed);

    const sent = (await post('inviteOperator', { email: 'new.op@example.com', roles: ['support', 'finance'], lang: 'ar' }, admin)).data as { id: number; expiresAt: string };
    expect(Date.parse(sent.expiresAt) - clock).toBe(OPERATOR_INVITATION_TTL_MS);
    const mail = readOutbox(`${t.dataDir}/outbox`).find((m) => m.to === 'new.op@example.com')!;
    expect(mail).toMatchObject({ kind: 'operator-invite', lang: 'ar' });
    expect(mail.plain).toContain('الدعم');
    const token = inviteLink('new.op@example.com')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(((await data(call(op('operatorInvitations'), admin))).data as { invitations: { id: number; invitedBy: string }[] }).invitations).toContainEqual(expect.objectContaining({ id: sent.id, invitedBy: admin.userName }));

    // Bad account rules lose nothing: the link still works afterwards. Of 12 pages sending it at once (within the per-address limit), one makes the account.
    expect((await post('acceptOperatorInvitation', { token, userName: 'x', passWord: 'short' })).errInfo?.code).toBe(Errors.ValidationFailed);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => post('acceptOperatorInvitation', { token, userName: `new_op${i || ''}`, passWord: PASSWORD })));
    const made = answers.filter((a) => a.status === 1);
    expect(made).toHaveLength(1);
    const madeName = (made[0]!.data as { userName: string }).userName;
    expect(madeName).toMatch(/^new_op\d*$/);
    expect(answers.filter((a) => a.status !== 1).map((a) => a.errInfo?.code)).toEqual(Array(11).fill(Errors.OperatorInvitationClosed));
    expect((await post('acceptOperatorInvitation', { token, userName: 'new_op2', passWord: PASSWORD })).errInfo?.code).toBe(Errors.OperatorInvitationClosed);
    const session = await login(madeName);
    const me = (await data(call(op('operatorMe'), session))).data as { roles: string[]; secondFactor: string | null; factors: unknown[] };
    expect(me).toMatchObject({ roles: ['support', 'finance'], secondFactor: null, factors: [] });
    // Until the new operator enrols a second factor, nothing else opens.
    expect((await data(call(op('searchOrders'), session))).errInfo?.code).toBe(Errors.SecondFactorRequired);

    // Inviting an address again replaces its open invitation: the earlier link no longer works.
    await post('inviteOperator', { email: 'twice@example.com', roles: ['content'], lang: 'en' }, admin);
    const firstToken = inviteLink('twice@example.com')!;
    await post('inviteOperator', { email: 'Twice@example.com', roles: ['reviewer'], lang: 'en' }, admin);
    expect((await post('acceptOperatorInvitation', { token: firstToken, userName: 'twice_op', passWord: PASSWORD })).errInfo?.code).toBe(Errors.OperatorInvitationClosed);
    const openNow = ((await data(call(op('operatorInvitations'), admin))).data as { invitations: { email: string; roles: string[] }[] }).invitations;
    expect(openNow.filter((i) => i.email.toLowerCase() === 'twice@example.com')).toEqual([expect.objectContaining({ roles: ['reviewer'] })]);

    // A cancelled link and an expired one no longer work.
    await post('inviteOperator', { email: 'cancelled@example.com', roles: ['content'], lang: 'en' }, admin);
    const cancelledToken = inviteLink('cancelled@example.com')!;
    const open = ((await data(call(op('operatorInvitations'), admin))).data as { invitations: { id: number; email: string }[] }).invitations;
    await post('cancelOperatorInvitation', { id: open.find((i) => i.email === 'cancelled@example.com')!.id }, admin);
    expect((await post('acceptOperatorInvitation', { token: cancelledToken, userName: 'cancel_op', passWord: PASSWORD })).errInfo?.code).toBe(Errors.OperatorInvitationClosed);
    await post('inviteOperator', { email: 'late@example.com', roles: ['content'], lang: 'en' }, admin);
    const lateToken = inviteLink('late@example.com')!;
    const start = clock;
    try {
      clock = start + OPERATOR_INVITATION_TTL_MS + 1;
      expect((await post('acceptOperatorInvitation', { token: lateToken, userName: 'late_op', passWord: PASSWORD })).errInfo?.code).toBe(Errors.OperatorInvitationClosed);
    } finally {
      clock = start;
    }

    const actions = (await t.app.auditLog.recent(50)).map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['operator.invite', 'operator.invite-accept', 'operator.invite-cancel']));
  });
});
