import type { LimitRule } from '../../shared/attempt-limiter';

const MINUTE = 60_000;

/**
 * Brute-force limits of the account endpoints (decisions 0012, 0145). Per account and client (its
 * address, or the device mark of a browser that signed in before) they stop guessing one password
 * from one place; per account, across every client without a device mark, they stop guessing from
 * many places; per client address they stop spraying many accounts. Strangers fill only the first
 * two: the owner's marked browser is counted apart, and a completed reset empties the account's.
 * The per-address limits are generous because a school or a mobile carrier puts many players
 * behind one address.
 */
export interface AuthLimits {
  /** Every attempt on one account from one client (a success starts it afresh). */
  loginPerAccountAndClient: LimitRule;
  /** Every attempt on one account from clients without its device mark. */
  loginPerAccount: LimitRule;
  /** Failed logins from one client address. */
  loginPerAddress: LimitRule;
  resetRequestPerAccountAndClient: LimitRule;
  /** Reset requests for one account from clients without its device mark. */
  resetRequestPerAccount: LimitRule;
  resetRequestPerAddress: LimitRule;
  /** Checking and using reset links (token guesses). */
  resetUsePerAddress: LimitRule;
  registerPerAddress: LimitRule;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  loginPerAccountAndClient: { max: 10, windowMs: 15 * MINUTE },
  loginPerAccount: { max: 50, windowMs: 15 * MINUTE },
  loginPerAddress: { max: 50, windowMs: 15 * MINUTE },
  resetRequestPerAccountAndClient: { max: 5, windowMs: 60 * MINUTE },
  resetRequestPerAccount: { max: 20, windowMs: 60 * MINUTE },
  resetRequestPerAddress: { max: 20, windowMs: 60 * MINUTE },
  resetUsePerAddress: { max: 30, windowMs: 15 * MINUTE },
  registerPerAddress: { max: 20, windowMs: 60 * MINUTE },
};

/** The counter scopes a completed password reset empties for its account. */
export const LOGIN_ACCOUNT_SCOPE = 'login:account';
export const RESET_ACCOUNT_SCOPE = 'reset:account';
