import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The sandbox gateway signs each notification as real gateways do: header
 * `sandbox-signature: t=<ms>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. Every delivery attempt is
 * signed afresh, so a receiver can refuse old timestamps without refusing late retries.
 */
export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';

export function signSandboxPayload(secret: string, body: string, timestamp: number): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/** Whether the header signs exactly this raw body with the secret, within the tolerance. */
export function verifySandboxSignature(secret: string, rawBody: Buffer, header: string | undefined, now: number, toleranceMs: number): boolean {
  if (!header) return false;
  const parts = new Map(header.split(',').map((kv) => kv.split('=', 2) as [string, string]));
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isSafeInteger(timestamp) || Math.abs(now - timestamp) > toleranceMs || !/^[0-9a-f]{64}$/.test(given)) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}
