import type { LimitRule } from '../../shared/attempt-limiter';

const MINUTE = 60_000;

/**
 * Brute-force limits of the account endpoints (decision 0012). Per account they stop guessing one
 * password; per client address they stop spraying many accounts. The per-address limits are
 * generous because a school or a mobile carrier puts many players behind one address.
 */
export interface AuthLimits {
  /** Every attempt on one account (a success starts it afresh). */
  loginPerAccount: LimitRule;
  /** Failed logins from one client address. */
  loginPerAddress: LimitRule;
  resetRequestPerAccount: LimitRule;
  resetRequestPerAddress: LimitRule;
  /** Checking and using reset links (token guesses). */
  resetUsePerAddress: LimitRule;
  registerPerAddress: LimitRule;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  loginPerAccount: { max: 10, windowMs: 15 * MINUTE },
  loginPerAddress: { max: 50, windowMs: 15 * MINUTE },
  resetRequestPerAccount: { max: 5, windowMs: 60 * MINUTE },
  resetRequestPerAddress: { max: 20, windowMs: 60 * MINUTE },
  resetUsePerAddress: { max: 30, windowMs: 15 * MINUTE },
  registerPerAddress: { max: 20, windowMs: 60 * MINUTE },
};
