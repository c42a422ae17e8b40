/**
 * What an operator may do (issue 30, decision 0154). Each operator operation in the operation table
 * (endpoints/api.ts) names the roles that may call it; an operator may hold several roles. The
 * server enforces the table, the OpenAPI document shows it, the console reads it to show only what
 * the operator's roles allow.
 */
export const OPERATOR_ROLES = ['reviewer', 'support', 'finance', 'content', 'administrator'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** An operator operation's access rule, declared on its row of the operation table. */
export interface OperatorAccess {
  /** The roles that may call it (any one of them is enough). */
  roles: readonly OperatorRole[];
  /** Asks for a fresh second factor: one verified within STEP_UP_WINDOW_MS (step-up). */
  stepUp?: true;
  /**
   * Callable before the session's second factor: only the operations that enrol or verify it and
   * say what the operator must do. Every other operator operation answers 40302 until then.
   */
  beforeSecondFactor?: true;
}

/** How fresh a second factor must be for a step-up operation. */
export const STEP_UP_WINDOW_MS = 5 * 60_000;
/** An operator's session ends after this long without a request... */
export const OPERATOR_IDLE_MS = 30 * 60_000;
/** ...and this long after it began, whatever happened in between. */
export const OPERATOR_SESSION_MAX_MS = 12 * 60 * 60_000;

/** The second factors an operator session can be verified with. */
export const SECOND_FACTORS = ['totp', 'passkey', 'recovery_code'] as const;
export type SecondFactor = (typeof SECOND_FACTORS)[number];

/** How many recovery codes an operator gets (shown once, stored hashed). */
export const RECOVERY_CODE_COUNT = 10;
