import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { AppError } from '@vsp/contract/app-error';
import { operatorOperations } from '@vsp/contract/endpoints/api';
import { checkEmail } from '@vsp/contract/account-rules';
import { OPERATOR_INVITATION_TTL_MS, type Operator, type OperatorInvitation, type OperatorMe, type VerifySecondFactorBody } from '@vsp/contract/endpoints/operators';
import type { LanguageCode } from '@vsp/contract/language-codes';
import { Errors } from '@vsp/contract/error-codes';
import { RECOVERY_CODE_COUNT, STEP_UP_WINDOW_MS, type OperatorRole, type SecondFactor } from '@vsp/contract/operator-roles';
import type { SignedInput } from '../../plugins/signature';
import type { AttemptLimiter, LimitRule } from '../../shared/attempt-limiter';
import type { Mails } from '../../shared/mails/mails';
import { hashToken, newSecretToken } from '../../shared/secret-token';
import type { AccountsRepository, AccountsService } from '../accounts';
import type { Transaction } from '../../db/database';
import type { InTransaction } from '../../shared/in-transaction';
import type { AuditEvent, AuditTrail } from '../audit';
import type { PasskeysRepository, PasskeysService } from '../passkeys';
import type { AuthenticatedUser, SessionsService } from '../sessions';
import type { InvitationRow, OperatorRow, OperatorsRepository } from './operators.repository';

const TOTP_PERIOD_S = 30;
/** Codes of the step before and after the current one count too (clocks drift). */
const TOTP_WINDOW = 1;
/** Wrong codes an operator may send per window before 42900 (six digits leave no room for guessing). */
export const SECOND_FACTOR_LIMIT: LimitRule = { max: 10, windowMs: 15 * 60_000 };
/** Recovery codes: letters and digits nobody misreads, shown as two groups of five. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** Attempts to accept an invitation per client address and window (a link's token cannot be guessed; this keeps the page from being a free account factory). */
export const INVITATION_ACCEPT_LIMIT: LimitRule = { max: 20, windowMs: 15 * 60_000 };
/** The console's page of an invitation link: the token rides in the fragment, which never leaves the browser. */
export const INVITATION_PAGE = '/console/invite';

export interface OperatorsDeps {
  operators: OperatorsRepository;
  sessions: SessionsService;
  passkeys: PasskeysService;
  passkeysRepository: Pick<PasskeysRepository, 'listOf' | 'removeAllOf'>;
  limiter: AttemptLimiter;
  /** A change and its audit entry, in one transaction. */
  transaction: InTransaction<OperatorsRepository>;
  audit: AuditTrail;
  /** A refused second factor: recorded, though nothing changed. */
  auditEvent: AuditEvent;
  /** Makes the invited operator's account (the same rules as every account). */
  accounts: Pick<AccountsService, 'createUser'>;
  accountsRepository: Pick<AccountsRepository, 'findByEmail'>;
  mails: Mails;
  now: () => number;
  /** Real time, which the operator's authenticator app shares (the test clock moves `now` only). */
  wallClock: () => number;
  /** The name an authenticator app shows beside the account. */
  issuer: string;
}

function totpOf(secret: string, label = '', issuer = ''): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_S, secret: Secret.fromBase32(secret) });
}

/** The time step a code belongs to, or null when it is none of the steps around `now`. */
function stepOf(secret: string, code: string, now: number): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD_S) + delta;
}

/** Letter case, spaces and the hyphen do not count: a code typed from the screen still works. */
function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');
}

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * Operators' second factors and roles (decisions 0154, 0155): enrolling an authenticator app at the
 * first console sign-in, verifying a session with a code or a recovery code (sign-in and step-up),
 * and the administrators' changes to other operators. Every change is audited with the factor used.
 */
export class OperatorsService {
  constructor(private readonly deps: OperatorsDeps) {}

  async me(user: AuthenticatedUser): Promise<OperatorMe> {
    const { operators } = this.deps;
    const factors = await operators.confirmedFactors(user.uid);
    const keys = await this.deps.passkeysRepository.listOf(user.uid);
    return {
      uid: user.uid,
      userName: user.userName,
      roles: user.operatorRoles,
      factors: [
        ...factors.map((factor) => ({ kind: factor.kind, createdAt: (factor.confirmedAt ?? factor.createdAt).toISOString() })),
        ...keys.map((key) => ({ kind: 'passkey' as const, createdAt: key.createdAt.toISOString() })),
      ],
      secondFactor: user.secondFactor,
      secondFactorAt: user.secondFactorAt,
      recoveryCodesLeft: await operators.recoveryCodesLeft(user.uid),
      operations: operatorOperations.map(({ name, access }) => ({
        name,
        roles: [...access.roles],
        stepUp: access.stepUp === true,
        allowed: access.roles.some((role) => user.operatorRoles.includes(role)),
      })),
    };
  }

  /**
   * A new authenticator secret. The first one enrols at the first sign-in; once the operator has a
   * factor, adding another asks for a fresh one (a stolen password cannot add the thief's app).
   */
  async startTotp(user: AuthenticatedUser): Promise<{ secret: string; uri: string }> {
    if (await this.hasFactor(user.uid)) this.requireFresh(user);
    const secret = new Secret({ size: 20 }).base32;
    await this.deps.operators.startTotp(user.uid, secret);
    return { secret, uri: totpOf(secret, user.userName, this.deps.issuer).toString() };
  }

  /** The enrolment's first code: the app counts from now, this session is verified, and the first factor brings recovery codes. */
  async confirmTotp(user: AuthenticatedUser, code: string): Promise<{ recoveryCodes: string[] }> {
    const { operators } = this.deps;
    await this.deps.limiter.attempt([{ scope: 'second-factor', subject: String(user.uid), rule: SECOND_FACTOR_LIMIT }]);
    const pending = await operators.pendingTotp(user.uid);
    const now = this.deps.now();
    const step = pending ? stepOf(pending.secret, code, this.deps.wallClock()) : null;
    if (!pending || step === null) throw new AppError(Errors.SecondFactorRefused);
    const hadFactor = await this.hasFactor(user.uid);
    await operators.confirm(pending.id, step, new Date(now));
    await this.deps.limiter.forget('second-factor', String(user.uid));
    return this.factorAdded(user, 'totp', hadFactor);
  }

  /** Options for enrolling a passkey; once the operator has a factor, only with a fresh one. */
  async passkeyOptions(user: AuthenticatedUser) {
    if (await this.hasFactor(user.uid)) this.requireFresh(user);
    return this.deps.passkeys.registrationOptions(user);
  }

  /** The passkey the browser made: it counts from now and this session is verified with it. */
  async addPasskey(user: AuthenticatedUser, credential: Parameters<PasskeysService['register']>[1]): Promise<{ recoveryCodes: string[] }> {
    const hadFactor = await this.hasFactor(user.uid);
    if (hadFactor) this.requireFresh(user);
    await this.deps.passkeys.register(user.uid, credential);
    return this.factorAdded(user, 'passkey', hadFactor);
  }

  /** Options for verifying this session with one of the operator's passkeys. */
  async passkeyChallenge(user: AuthenticatedUser) {
    return this.deps.passkeys.authenticationOptions(user.uid);
  }

  private async hasFactor(uid: number): Promise<boolean> {
    return (await this.deps.operators.confirmedFactors(uid)).length > 0 || (await this.deps.passkeysRepository.listOf(uid)).length > 0;
  }

  /** A factor added: audited, the first one brings recovery codes, and this session counts as verified with it. */
  private async factorAdded(user: AuthenticatedUser, factor: 'totp' | 'passkey', hadFactor: boolean): Promise<{ recoveryCodes: string[] }> {
    const recoveryCodes = (await this.deps.operators.recoveryCodesLeft(user.uid)) > 0 ? [] : Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.deps.transaction(async (tx, operators) => {
      if (recoveryCodes.length > 0) await operators.replaceRecoveryCodes(user.uid, recoveryCodes.map(hashRecoveryCode));
      await this.deps.audit({ actorUid: user.uid, action: 'operator.factor-add', target: `user:${user.uid}`, before: null, after: { factor, firstFactor: !hadFactor } }, tx);
      await this.verified(user, factor, tx);
    });
    return { recoveryCodes };
  }

  /** A code from the app or a recovery code: the session's sign-in, or a step-up when it had one. */
  async verify(user: AuthenticatedUser, input: SignedInput<typeof VerifySecondFactorBody>): Promise<{ secondFactor: SecondFactor; secondFactorAt: number }> {
    const { operators, limiter } = this.deps;
    const subject = String(user.uid);
    await limiter.attempt([{ scope: 'second-factor', subject, rule: SECOND_FACTOR_LIMIT }]);
    const now = this.deps.now();
    let factor: SecondFactor | undefined;
    if (input.code) {
      for (const row of await operators.confirmedFactors(user.uid)) {
        const step = row.kind === 'totp' ? stepOf(row.secret, input.code, this.deps.wallClock()) : null;
        // A code works once: its step must be newer than the last one this app was accepted for.
        if (step !== null && (await operators.useStep(row.id, step))) factor = 'totp';
        if (factor) break;
      }
    } else if (input.passkey) {
      const signed = await this.deps.passkeys.authenticate(input.passkey as Parameters<PasskeysService['authenticate']>[0], user.uid).catch((error: unknown) => {
        if (error instanceof AppError) return undefined;
        throw error;
      });
      if (signed) factor = 'passkey';
    } else if (input.recoveryCode) {
      if (await operators.useRecoveryCode(user.uid, hashRecoveryCode(input.recoveryCode), new Date(now))) factor = 'recovery_code';
    }
    if (!factor) {
      await this.deps.auditEvent({ actorUid: user.uid, action: 'operator.second-factor-refused', target: `user:${user.uid}`, before: null, after: { factor: input.code ? 'totp' : input.passkey ? 'passkey' : 'recovery_code' } });
      throw new AppError(Errors.SecondFactorRefused);
    }
    await limiter.forget('second-factor', subject);
    const verifiedAt = await this.deps.transaction((tx) => this.verified(user, factor, tx));
    return { secondFactor: factor, secondFactorAt: verifiedAt };
  }

  async list(): Promise<Operator[]> {
    const rows = await this.deps.operators.list();
    const kinds = await this.deps.operators.factorKindsOf(rows.map((row) => row.uid));
    return rows.map((row) => this.toOperator(row, kinds.get(row.uid) ?? []));
  }

  /** Sets another operator's roles, or one's own without dropping administrator (an operator page nobody can open). */
  async setRoles(actor: AuthenticatedUser, uid: number, roles: readonly OperatorRole[]): Promise<Operator> {
    const before = await this.operator(uid);
    if (uid === actor.uid && !roles.includes('administrator')) throw new AppError(Errors.ValidationFailed, { fields: [{ field: 'roles', rule: 'own_administrator' }] });
    const sorted = [...new Set(roles)];
    await this.deps.transaction(async (tx, operators) => {
      await operators.setRoles(uid, sorted);
      await this.deps.audit({ actorUid: actor.uid, action: 'operator.roles', target: `user:${uid}`, before: { roles: before.operatorRoles }, after: { roles: sorted, factor: actor.secondFactor } }, tx);
    });
    return this.operatorView(uid);
  }

  /** Takes every role away and ends the operator's sessions at once. */
  async revoke(actor: AuthenticatedUser, uid: number): Promise<Operator> {
    if (uid === actor.uid) throw new AppError(Errors.ValidationFailed, { fields: [{ field: 'uid', rule: 'self' }] });
    const before = await this.operator(uid);
    await this.deps.transaction(async (tx, operators) => {
      await operators.setRoles(uid, []);
      await this.deps.sessions.revokeAll(uid, tx);
      await this.deps.audit({ actorUid: actor.uid, action: 'operator.revoke', target: `user:${uid}`, before: { roles: before.operatorRoles }, after: { roles: [], sessionsEnded: true, factor: actor.secondFactor } }, tx);
    });
    return this.operatorView(uid);
  }

  /** A lost factor: another operator's factors and recovery codes go and their sessions end; they enrol again at their next sign-in. */
  async resetFactors(actor: AuthenticatedUser, uid: number): Promise<Operator> {
    if (uid === actor.uid) throw new AppError(Errors.ValidationFailed, { fields: [{ field: 'uid', rule: 'self' }] });
    await this.operator(uid);
    const kinds = (await this.deps.operators.factorKindsOf([uid])).get(uid) ?? [];
    await this.deps.transaction(async (tx, operators) => {
      await operators.removeFactors(uid);
      await this.deps.passkeysRepository.removeAllOf(uid, tx);
      await this.deps.sessions.revokeAll(uid, tx);
      await this.deps.audit({ actorUid: actor.uid, action: 'operator.factors-reset', target: `user:${uid}`, before: { factors: kinds }, after: { factors: [], sessionsEnded: true, factor: actor.secondFactor } }, tx);
    });
    return this.operatorView(uid);
  }

  /** Open invitations, newest first. */
  async invitations(): Promise<OperatorInvitation[]> {
    return (await this.deps.operators.openInvitations(new Date(this.deps.now()))).map(toInvitation);
  }

  /**
   * Mails a one-time link to `email` (decision 0158): whoever opens it within 72 hours makes an
   * operator account with that address and these roles, and enrols a second factor at its first
   * sign-in. An address that already has an account is refused (an invitation to it could never be accepted).
   */
  async invite(actor: AuthenticatedUser, input: { email: string; roles: OperatorRole[]; lang: LanguageCode }): Promise<OperatorInvitation> {
    const email = input.email.trim();
    const rule = checkEmail(email) ?? ((await this.deps.accountsRepository.findByEmail(email)) ? 'taken' : undefined);
    if (rule) throw new AppError(Errors.ValidationFailed, { fields: [{ field: 'email', rule }] });
    const roles = [...new Set(input.roles)];
    const token = newSecretToken();
    const expiresAt = new Date(this.deps.now() + OPERATOR_INVITATION_TTL_MS);
    const id = await this.deps.transaction(async (tx, operators) => {
      // Inviting an address again replaces its open invitation: only the newest link works.
      await operators.cancelOpenInvitationsTo(email, new Date(this.deps.now()));
      const made = await operators.insertInvitation({ tokenHash: hashToken(token), email, roles, invitedBy: actor.uid, expiresAt });
      await this.deps.audit({ actorUid: actor.uid, action: 'operator.invite', target: `invitation:${made}`, before: null, after: { email, roles, factor: actor.secondFactor } }, tx);
      return made;
    });
    try {
      await this.deps.mails.send('operator-invite', {
        to: email,
        lang: input.lang,
        data: { inviter: actor.userName, roles, linkPath: `${INVITATION_PAGE}#${token}`, hours: Math.round(OPERATOR_INVITATION_TTL_MS / 3_600_000) },
      });
    } catch (error) {
      // A link nobody received must not linger; the log says why it went.
      await this.deps.transaction(async (tx, operators) => {
        await operators.deleteInvitation(id);
        await this.deps.audit({ actorUid: actor.uid, action: 'operator.invite-cancel', target: `invitation:${id}`, before: { email, roles }, after: { reason: 'mail_not_sent' } }, tx);
      });
      throw new AppError(Errors.EmailNotSent, { cause: error });
    }
    return this.invitation(id);
  }

  /** Closes an open invitation: its link stops working at once. */
  async cancelInvitation(actor: AuthenticatedUser, id: number): Promise<OperatorInvitation> {
    const invitation = await this.invitation(id);
    await this.deps.transaction(async (tx, operators) => {
      if (!(await operators.closeInvitation(id, new Date(this.deps.now())))) throw new AppError(Errors.NotFound);
      await this.deps.audit({ actorUid: actor.uid, action: 'operator.invite-cancel', target: `invitation:${id}`, before: { email: invitation.email, roles: invitation.roles }, after: null }, tx);
    });
    return invitation;
  }

  /**
   * The invitation link's page: an operator account with the invitation's address and roles, the
   * user name and password chosen here. Any link that does not work (unknown, used, expired,
   * cancelled) answers the same 40401, so the page tells a stranger nothing.
   */
  async acceptInvitation(input: { token: string; userName: string; passWord: string }, address: string): Promise<{ userName: string }> {
    await this.deps.limiter.attempt([{ scope: 'operator-invite:address', subject: address, rule: INVITATION_ACCEPT_LIMIT }]);
    const at = new Date(this.deps.now());
    const [invitation] = await this.deps.operators.openInvitations(at, { tokenHash: hashToken(input.token) });
    if (!invitation) throw new AppError(Errors.OperatorInvitationClosed);
    // The address is unique among accounts: of two pages sending the same link at once, one makes the account.
    const user = await this.deps.accounts.createUser({ userName: input.userName, email: invitation.email, password: input.passWord, role: 'operator', operatorRoles: invitation.roles }).catch((error: unknown) => {
      if (error instanceof AppError && error.fields?.some((issue) => issue.field === 'email')) throw new AppError(Errors.OperatorInvitationClosed);
      throw error;
    });
    await this.deps.transaction(async (tx, operators) => {
      await operators.closeInvitation(invitation.id, at, user.uid);
      await this.deps.audit({ actorUid: user.uid, action: 'operator.invite-accept', target: `invitation:${invitation.id}`, before: null, after: { uid: user.uid, roles: invitation.roles, invitedBy: invitation.invitedBy } }, tx);
    });
    return { userName: user.userName };
  }

  private async invitation(id: number): Promise<OperatorInvitation> {
    const [row] = await this.deps.operators.openInvitations(new Date(this.deps.now()), { id });
    if (!row) throw new AppError(Errors.NotFound);
    return toInvitation(row);
  }

  private requireFresh(user: AuthenticatedUser): void {
    if (user.secondFactorAt === null || this.deps.now() - user.secondFactorAt > STEP_UP_WINDOW_MS) throw new AppError(Errors.StepUpRequired);
  }

  /** Marks the session verified and audits it in `tx`: its sign-in the first time, a step-up after. */
  private async verified(user: AuthenticatedUser, factor: SecondFactor, tx: Transaction): Promise<number> {
    const at = await this.deps.sessions.verifySecondFactor(user.sessionId, factor, tx);
    await this.deps.audit({ actorUid: user.uid, action: user.secondFactor ? 'operator.step-up' : 'operator.sign-in', target: `user:${user.uid}`, before: null, after: { factor, session: user.sessionId } }, tx);
    return at;
  }

  private async operator(uid: number): Promise<OperatorRow> {
    const row = await this.deps.operators.find(uid);
    if (!row) throw new AppError(Errors.NotFound);
    return row;
  }

  private async operatorView(uid: number): Promise<Operator> {
    const row = await this.operator(uid);
    return this.toOperator(row, (await this.deps.operators.factorKindsOf([uid])).get(uid) ?? []);
  }

  private toOperator(row: OperatorRow, factors: ('totp' | 'passkey')[]): Operator {
    return {
      uid: row.uid,
      userName: row.userName,
      email: row.email,
      roles: row.operatorRoles,
      factors,
      lastSignInAt: row.lastSignInAt ? new Date(row.lastSignInAt).toISOString() : null,
      revoked: row.operatorRoles.length === 0,
    };
  }
}

function toInvitation(row: InvitationRow): OperatorInvitation {
  return { id: row.id, email: row.email, roles: row.roles, invitedBy: row.invitedByName, createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString() };
}
