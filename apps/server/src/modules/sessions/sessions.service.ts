import { AppError } from '@vsp/contract/app-error';
import { Errors } from '@vsp/contract/error-codes';
import { OPERATOR_IDLE_MS, OPERATOR_SESSION_MAX_MS, type SecondFactor } from '@vsp/contract/operator-roles';
import type { Queryable } from '../../db/database';
import type { AuthenticatedUser } from '../../plugins/authenticate';
import { hashToken, newSecretToken } from '../../shared/secret-token';
import type { SessionRow, SessionsRepository } from './sessions.repository';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** lastSeenAt is written at most this often per session, not on every request. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;
/** An operator's session ends after 30 minutes idle, so theirs is written once a minute. */
const OPERATOR_TOUCH_EVERY_MS = 60 * 1000;

/** Something a sign-in did besides making a session, which the player is told. */
export type SignInNotice = 'deletion_cancelled';
/** A rule of signing in: throws to refuse it, or answers what it did. */
export type SignInCheck = (uid: number) => Promise<SignInNotice | undefined>;

export interface SessionsServiceDeps {
  sessions: SessionsRepository;
  now: () => number;
  ttlMs?: number;
}

/**
 * Bearer sessions: 256-bit random tokens handed to the client once and stored only as a hash.
 * The website and the native app send them in the `token` header with the `uid` header.
 */
export class SessionsService {
  /** Rules other modules add to signing in, run before a session is made (decision 0134). */
  readonly #beforeCreate: SignInCheck[] = [];

  constructor(private readonly deps: SessionsServiceDeps) {}

  /** Adds a check that runs before every new session of an account (a failure refuses the sign-in). */
  beforeCreate(check: SignInCheck): void {
    this.#beforeCreate.push(check);
  }

  /** A new session; `notices` says what the checks did on the way (for the client to tell the player). */
  async create(uid: number, device = '', options: { secondFactor?: SecondFactor } = {}): Promise<{ token: string; session: SessionRow; notices: SignInNotice[] }> {
    const notices: SignInNotice[] = [];
    for (const check of this.#beforeCreate) {
      const notice = await check(uid);
      if (notice) notices.push(notice);
    }
    const token = newSecretToken();
    const now = this.deps.now();
    const session = await this.deps.sessions.insert({
      tokenHash: hashToken(token),
      uid,
      device: device.slice(0, 200),
      // The app's clock, as every later check reads it (a test clock moves both).
      createdAt: new Date(now),
      lastSeenAt: new Date(now),
      expiresAt: new Date(now + (this.deps.ttlMs ?? SESSION_TTL_MS)),
    });
    if (options.secondFactor) await this.deps.sessions.verifySecondFactor(session.id, options.secondFactor, new Date(now));
    return { token, session, notices };
  }

  /** The user behind a token and uid pair, or the catalogue error that says why not. */
  async authenticate(token: string | undefined, uid: string | undefined): Promise<AuthenticatedUser> {
    if (!token || !uid) throw new AppError(Errors.LoginRequired);
    // One query for the session and its account: every signed-in request makes it.
    const found = await this.deps.sessions.findWithAccountByTokenHash(hashToken(token));
    if (!found || String(found.session.uid) !== uid) throw new AppError(Errors.LoginFailed);
    const { session, account: user } = found;
    if (session.revokedAt) {
      // Blocking ends the sessions; while the block lasts they still answer "blocked".
      throw new AppError(user?.blocked ? Errors.AccountBlocked : Errors.LoggedOut);
    }
    const now = this.deps.now();
    if (session.expiresAt.getTime() <= now) throw new AppError(Errors.SessionExpired);
    if (!user) throw new AppError(Errors.UserNotRegistered);
    if (user.blocked) throw new AppError(Errors.AccountBlocked);
    const idle = now - session.lastSeenAt.getTime();
    if (user.role === 'operator') {
      // Operators: 30 minutes idle and 12 hours in all, whatever the session's own expiry says.
      if (idle > OPERATOR_IDLE_MS || now - session.createdAt.getTime() > OPERATOR_SESSION_MAX_MS) throw new AppError(Errors.SessionExpired);
      if (idle > OPERATOR_TOUCH_EVERY_MS) await this.deps.sessions.touch(session.id, new Date(now));
    } else if (idle > TOUCH_EVERY_MS) await this.deps.sessions.touch(session.id, new Date(now));
    return {
      uid: user.uid,
      role: user.role,
      nickname: user.nickname,
      userName: user.userName,
      email: user.email,
      sessionId: session.id,
      operatorRoles: user.operatorRoles,
      secondFactor: session.secondFactor,
      secondFactorAt: session.secondFactorAt?.getTime() ?? null,
    };
  }

  /** The session proved its second factor now: an operator's sign-in, or a step-up (decision 0155). */
  async verifySecondFactor(sessionId: number, factor: SecondFactor, on?: Queryable): Promise<number> {
    const at = this.deps.now();
    await this.deps.sessions.verifySecondFactor(sessionId, factor, new Date(at), on);
    return at;
  }

  /** Ends every session of an account at once (an operator revoked or their factors reset); `on` a caller's transaction. */
  async revokeAll(uid: number, on?: Queryable): Promise<void> {
    await this.deps.sessions.revokeAllOf(uid, new Date(this.deps.now()), on);
  }

  /** Logout: the token then answers 10043. */
  async revoke(sessionId: number): Promise<void> {
    await this.deps.sessions.revoke(sessionId, new Date(this.deps.now()));
  }

  /** A user's live sessions (neither revoked nor expired), newest first. */
  async listLive(uid: number): Promise<SessionRow[]> {
    return this.deps.sessions.listLiveOf(uid, new Date(this.deps.now()));
  }

  /** Ends every session of the user but one (log out other devices); answers how many ended. */
  async revokeOthers(uid: number, keepSessionId: number): Promise<number> {
    return this.deps.sessions.revokeAllOfExcept(uid, keepSessionId, new Date(this.deps.now()));
  }

  /** Ends one of the user's own sessions; another user's session id is not found (40400). */
  async revokeOwn(uid: number, sessionId: number): Promise<void> {
    if (!(await this.deps.sessions.revokeOf(uid, sessionId, new Date(this.deps.now())))) throw new AppError(Errors.NotFound);
  }
}
