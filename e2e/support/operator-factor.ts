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

/**
 * Gives `attempt` codes until one is accepted (it answers a value) and answers that value. The server
 * takes a code once and only a newer one after it, and accepts the step before and after the current
 * one: so the codes of those three steps are tried in order, and when another sign-in of the same
 * operator used them all, the next step is waited for (a state of the clock, not a fixed time).
 */
export async function withTotpCode<T>(secret: string, attempt: (code: string) => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + WAIT_CEILING_MS;
  while (Date.now() < deadline) {
    const step = Math.floor(Date.now() / PERIOD_MS);
    for (const offset of [-1, 0, 1]) {
      const result = await attempt(totpCode(secret, (step + offset) * PERIOD_MS + 1000));
      if (result !== undefined) return result;
    }
    while (Math.floor(Date.now() / PERIOD_MS) <= step) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no authenticator code was accepted within ${WAIT_CEILING_MS} ms`);
}
