import { TOTP } from 'otpauth';
import { WAIT_CEILING_MS } from './waits';

/** The demo operator's authenticator-app key, as the demo seed enrols it (apps/server seed-demo.ts, decision 0155). */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

const PERIOD_MS = 30_000;
/** The keys of the operators a test signed in as: the demo operator's, and those the console showed at enrolment. */
const secrets = new Map<string, string>([['operator', DEMO_TOTP_SECRET]]);

export function rememberTotpSecret(userName: string, secret: string): void {
  secrets.set(userName, secret);
}

export function totpSecretOf(userName: string): string | undefined {
  return secrets.get(userName);
}

/** The code an authenticator app with `secret` shows at `at`. */
export function totpCode(secret: string, at = Date.now()): string {
  return new TOTP({ secret, digits: 6, period: PERIOD_MS / 1000, algorithm: 'SHA1' }).generate({ timestamp: at });
}

/** The last time step this process gave a code of, per server and key: the server takes each step once. */
const usedSteps = new Map<string, number>();

/**
 * A code of `secret` the server at `baseUrl` has not taken yet (decision 0155: it takes a code once
 * and only a newer one after it, and accepts the step before and after the current one). The
 * current step, or the next one when this process used it; when it used both, the step after is
 * waited for (a state of the clock, not a fixed time). Never the step before the current one: a
 * request that crosses a step boundary on its way (a busy machine) would arrive two steps old and be
 * refused. Giving only fresh codes, a test never sends one the server refuses, so the console logs no
 * refused request.
 */
export async function freshTotpCode(baseUrl: string, secret: string): Promise<string> {
  const key = `${new URL(baseUrl).origin} ${secret}`;
  const deadline = Date.now() + WAIT_CEILING_MS;
  for (;;) {
    const now = Math.floor(Date.now() / PERIOD_MS);
    const step = Math.max(now, (usedSteps.get(key) ?? -Infinity) + 1);
    if (step <= now + 1) {
      usedSteps.set(key, step);
      return totpCode(secret, step * PERIOD_MS + 1000);
    }
    if (Date.now() > deadline) throw new Error(`no fresh authenticator code within ${WAIT_CEILING_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Gives `attempt` fresh codes (freshTotpCode) until one is accepted (it answers a value) and answers
 * that value: a code is refused only when another process signed the same operator in meanwhile.
 */
export async function withTotpCode<T>(baseUrl: string, secret: string, attempt: (code: string) => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + WAIT_CEILING_MS;
  while (Date.now() < deadline) {
    const result = await attempt(await freshTotpCode(baseUrl, secret));
    if (result !== undefined) return result;
  }
  throw new Error(`no authenticator code was accepted within ${WAIT_CEILING_MS} ms`);
}
