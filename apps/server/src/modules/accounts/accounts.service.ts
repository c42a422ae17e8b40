import { violatedUniqueIndex } from '../../db/unique-violation';
import { passwords } from './passwords';
import { checkNewAccount, checkPassword, type AccountIssue } from '@vsp/contract/account-rules';
import { AppError } from '@vsp/contract/app-error';
import type { PublicUser } from '@vsp/contract/endpoints/user';
import { Errors } from '@vsp/contract/error-codes';
import type { UserRole } from '@vsp/contract/user-roles';
import type { AttemptLimiter } from '../../shared/attempt-limiter';
import type { SessionEnder } from './session-needs';
import type { AccountsRepository, AlongsideChange, UserRow } from './accounts.repository';
import { OPERATOR_ROLES, type OperatorRole } from '@vsp/contract/operator-roles';
import { LOGIN_ACCOUNT_SCOPE, type AuthLimits } from './auth-limits';
import type { AuthClient } from './device-trust';

export interface CreateUserInput {
  userName?: string | undefined;
  email?: string | undefined;
  password?: string | undefined;
  nickname?: string | undefined;
  role?: UserRole | undefined;
  /** An operator's roles; an operator made without them (the CLI's first administrator) holds every role (decision 0154). */
  operatorRoles?: readonly OperatorRole[] | undefined;
}

/** A request's broken account rules as the one validation error (40000 with the fields at fault). */
export function accountRulesError(issues: readonly AccountIssue[]): AppError {
  return new AppError(Errors.ValidationFailed, { fields: issues.map(({ field, rule }) => ({ field, rule })) });
}

/** What a change to an erased account answers (decision 0134): it stays blocked and has no password. */
export function accountErasedError(): AppError {
  return new AppError(Errors.ValidationFailed, { fields: [{ field: 'uid', rule: 'erased' }] });
}

export interface AccountsServiceDeps {
  accounts: AccountsRepository;
  sessions: SessionEnder;
  limiter: AttemptLimiter;
  limits: AuthLimits;
  now: () => number;
}

/**
 * Accounts: creation under the shared rules (registration, the admin CLI and the demo seed all come
 * here), login checks, blocking and password changes. Passwords are argon2id hashes.
 */
export class AccountsService {
  constructor(private readonly deps: AccountsServiceDeps) {}

  /** `record` runs in the insert's transaction (an audit entry that commits with the account). */
  async createUser(input: CreateUserInput, record?: AlongsideChange): Promise<UserRow> {
    const userName = input.userName?.trim() ?? '';
    const email = input.email?.trim() ?? '';
    const nickname = input.nickname?.trim() || undefined;
    const issues = checkNewAccount({ userName, email, nickname, passWord: input.password });
    if (issues.length === 0) {
      const taken = await this.deps.accounts.taken(userName, email);
      if (taken.userName) issues.push({ field: 'userName', rule: 'taken' });
      if (taken.email) issues.push({ field: 'email', rule: 'taken' });
    }
    if (issues.length > 0) throw accountRulesError(issues);
    const passwordHash = await passwords.hash(input.password!);
    try {
      const role = input.role ?? 'player';
      const operatorRoles = role === 'operator' ? [...(input.operatorRoles ?? OPERATOR_ROLES)] : [];
      return await this.deps.accounts.insert({ userName, email, nickname: nickname ?? userName, passwordHash, role, operatorRoles }, record);
    } catch (error) {
      // Someone registered the same name or e-mail between the check and the insert.
      const index = violatedUniqueIndex(error);
      if (index !== undefined) throw accountRulesError([{ field: index.includes('email') ? 'email' : 'userName', rule: 'taken' }]);
      throw error;
    }
  }

  /** Registration from the app: a player account, limited per client address. */
  async register(input: Omit<CreateUserInput, 'role'>, address: string): Promise<UserRow> {
    await this.deps.limiter.attempt([{ scope: 'register:address', subject: address, rule: this.deps.limits.registerPerAddress }]);
    return this.createUser({ ...input, role: 'player' });
  }

  /**
   * Checks a login (user name or e-mail) and password. The client address may not have failed too
   * often; every attempt counts against the account and this client (its device mark, else its
   * address) and, from a client without the account's device mark, against the account across
   * clients, before the password is checked (a success starts both afresh). An unknown account
   * still costs one hash verification, so neither the answer time nor the limits tell which
   * accounts exist.
   */
  async verifyLogin(login: string, password: string, client: AuthClient): Promise<UserRow> {
    const key = login.trim();
    const addressKey = { scope: 'login:address', subject: client.address, rule: this.deps.limits.loginPerAddress };
    await this.deps.limiter.check([addressKey]);
    // An erased account is no account to sign in to: it answers like one that never existed.
    const found = await this.deps.accounts.findByLogin(key);
    const user = found?.erasedAt ? undefined : found;
    const accountSubject = user ? `uid:${user.uid}` : `login:${key.toLowerCase()}`;
    const device = user ? client.deviceOf(user.uid) : undefined;
    const clientSubject = `${accountSubject}|${device ? `device:${device}` : `addr:${client.address}`}`;
    const accountKeys = [
      { scope: 'login:account-client', subject: clientSubject, rule: this.deps.limits.loginPerAccountAndClient },
      ...(device ? [] : [{ scope: LOGIN_ACCOUNT_SCOPE, subject: accountSubject, rule: this.deps.limits.loginPerAccount }]),
    ];
    // One after the other: an attempt this client may not make does not count against the account.
    for (const counter of accountKeys) await this.deps.limiter.attempt([counter]);
    const passwordOk = await passwords.verify(user?.passwordHash ?? (await dummyHash()), password).catch(() => false);
    if (!user || !passwordOk) {
      await this.deps.limiter.fail([addressKey]);
      throw new AppError(user ? Errors.WrongPassword : Errors.UserNotRegistered);
    }
    if (user.blocked) throw new AppError(Errors.AccountBlocked);
    for (const counter of accountKeys) await this.deps.limiter.forget(counter.scope, counter.subject);
    return user;
  }

  /** After a completed password reset: strangers' attempts no longer hold the owner back. */
  async forgetAttemptsOn(uid: number): Promise<void> {
    await this.deps.limiter.forget(LOGIN_ACCOUNT_SCOPE, `uid:${uid}`);
  }

  async setBlocked(uid: number, blocked: boolean, record?: AlongsideChange): Promise<UserRow> {
    const at = new Date(this.deps.now());
    const user = await this.deps.accounts.setBlocked(uid, blocked, async (tx, row) => {
      if (blocked) await this.deps.sessions.revokeAllOf(uid, at, tx);
      await record?.(tx, row);
    });
    if (!user) throw await this.#unchanged(uid);
    return user;
  }

  /** Why a change to an account changed nothing: it was erased, or no account has this ID. */
  async #unchanged(uid: number): Promise<AppError> {
    const row = await this.deps.accounts.findByUid(uid);
    return row?.erasedAt ? accountErasedError() : new AppError(Errors.UserNotRegistered);
  }

  /** A new password (admin CLI, password reset); every session of the account ends with it. */
  async setPassword(uid: number, password: string | undefined, record?: AlongsideChange): Promise<UserRow> {
    if (!password) throw new AppError(Errors.PasswordEmpty);
    const rule = checkPassword(password);
    if (rule) throw accountRulesError([{ field: 'passWord', rule }]);
    const at = new Date(this.deps.now());
    const user = await this.deps.accounts.setPasswordHash(uid, await passwords.hash(password), async (tx, row) => {
      await this.deps.sessions.revokeAllOf(uid, at, tx);
      await record?.(tx, row);
    });
    if (!user) throw await this.#unchanged(uid);
    return user;
  }

  /** A blocked account answers like one that does not exist (10008). */
  async publicProfile(uid: number): Promise<PublicUser> {
    const user = await this.deps.accounts.findByUid(uid);
    if (!user || user.blocked) throw new AppError(Errors.UserNotRegistered);
    return { uid: user.uid, nickname: user.nickname };
  }
}

let dummy: Promise<string> | undefined;
/** A real argon2id hash of a random password, made once, to verify against for unknown accounts. */
function dummyHash(): Promise<string> {
  dummy ??= passwords.hash(crypto.randomUUID());
  return dummy;
}
