import { checkPassword } from '@vsp/contract/account-rules';
import { AppError } from '@vsp/contract/app-error';
import { PASSWORD_RESET_TTL_MS } from '@vsp/contract/endpoints/password-reset';
import { Errors } from '@vsp/contract/error-codes';
import { sitePaths } from '@vsp/contract/site-paths';
import type { AttemptLimiter } from '../../shared/attempt-limiter';
import type { Mails } from '../../shared/mails/mails';
import { hashToken, newSecretToken } from '../../shared/secret-token';
import type { AccountsRepository } from './accounts.repository';
import { accountRulesError, type AccountsService } from './accounts.service';
import { RESET_ACCOUNT_SCOPE, type AuthLimits } from './auth-limits';
import type { AuthClient } from './device-trust';
import type { PasswordResetRepository, PasswordResetRow } from './password-reset.repository';

export interface PasswordResetServiceDeps {
  resets: PasswordResetRepository;
  accountsRepository: AccountsRepository;
  accounts: AccountsService;
  mails: Mails;
  limiter: AttemptLimiter;
  limits: AuthLimits;
  now: () => number;
}

/**
 * Forgotten password by e-mail: a single-use link (a 256-bit token stored only as a hash) that
 * lapses after an hour. Requests are limited per address and per e-mail; using links per address.
 */
export class PasswordResetService {
  constructor(private readonly deps: PasswordResetServiceDeps) {}

  /**
   * Sends a reset link when an account uses the address. The answer is the same when none does, so
   * the form does not tell which addresses have accounts; only a failed send (10010) is reported.
   */
  async request(email: string, lang: string | undefined, client: AuthClient): Promise<{ validMinutes: number }> {
    const normalised = email.trim().toLowerCase();
    const user = await this.deps.accountsRepository.findByEmail(normalised);
    // Per client (the account's device mark, else the address) and, from a client without the
    // mark, per account across clients: strangers cannot use up the owner's requests (decision 0145).
    const device = user ? client.deviceOf(user.uid) : undefined;
    // One after the other: a request this client may not make does not count against the account.
    for (const counter of [
      { scope: 'reset:address', subject: client.address, rule: this.deps.limits.resetRequestPerAddress },
      { scope: 'reset:account-client', subject: `${normalised}|${device ? `device:${device}` : `addr:${client.address}`}`, rule: this.deps.limits.resetRequestPerAccountAndClient },
      ...(device ? [] : [{ scope: RESET_ACCOUNT_SCOPE, subject: normalised, rule: this.deps.limits.resetRequestPerAccount }]),
    ]) {
      await this.deps.limiter.attempt([counter]);
    }
    const validMinutes = Math.round(PASSWORD_RESET_TTL_MS / 60_000);
    // Nobody is mailed a link for an erased account (its address is a pseudonym).
    if (!user || user.erasedAt) return { validMinutes };

    const token = newSecretToken();
    const row = await this.deps.resets.insert({
      tokenHash: hashToken(token),
      uid: user.uid,
      email: user.email,
      expiresAt: new Date(this.deps.now() + PASSWORD_RESET_TTL_MS),
    });
    const resetPath = `${sitePaths.resetPassword}?token=${encodeURIComponent(token)}`;
    try {
      await this.deps.mails.send('password-reset', { to: user.email, lang, data: { nickname: user.nickname, userName: user.userName, resetPath } });
    } catch (error) {
      // A link nobody received must not linger.
      await this.deps.resets.delete(row.id);
      throw new AppError(Errors.EmailNotSent, { cause: error });
    }
    return { validMinutes };
  }

  /** The open link behind a token, or why it does not work: 10019 unknown, 10021 used, 10020 expired. */
  async check(token: string, address: string): Promise<PasswordResetRow> {
    await this.deps.limiter.attempt([{ scope: 'reset-use:address', subject: address, rule: this.deps.limits.resetUsePerAddress }]);
    return this.openLink(token);
  }

  private async openLink(token: string): Promise<PasswordResetRow> {
    const row = await this.deps.resets.findByTokenHash(hashToken(token));
    if (!row) throw new AppError(Errors.PasswordResetRequestNotFound);
    if (row.usedAt) throw new AppError(Errors.PasswordResetLinkUsed);
    if (row.expiresAt.getTime() <= this.deps.now()) throw new AppError(Errors.PasswordResetLinkExpired);
    return row;
  }

  /**
   * Sets the new password with an open link; the link is used up and every session ends. Answers the
   * account: its owner proved the address, so strangers' attempts on it are forgotten.
   */
  async reset(token: string, password: string | undefined, address: string): Promise<{ uid: number }> {
    await this.deps.limiter.attempt([{ scope: 'reset-use:address', subject: address, rule: this.deps.limits.resetUsePerAddress }]);
    if (!password) throw new AppError(Errors.PasswordEmpty);
    const rule = checkPassword(password);
    if (rule) throw accountRulesError([{ field: 'passWord', rule }]);
    const row = await this.openLink(token);
    const at = new Date(this.deps.now());
    if (!(await this.deps.resets.claim(row.id, at))) throw new AppError(Errors.PasswordResetLinkUsed);
    try {
      await this.deps.accounts.setPassword(row.uid, password);
    } catch (error) {
      throw new AppError(Errors.PasswordResetFailed, { cause: error });
    }
    await this.deps.resets.consumeAllOf(row.uid, at);
    await this.deps.accounts.forgetAttemptsOn(row.uid);
    await this.deps.limiter.forget(RESET_ACCOUNT_SCOPE, row.email.toLowerCase());
    return { uid: row.uid };
  }
}
