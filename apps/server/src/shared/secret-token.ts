import { createHash, randomBytes } from 'node:crypto';

/**
 * Bearer secrets (session tokens, password-reset links): 256 random bits, handed out once and
 * stored only as their SHA-256, so a copy of the database grants nothing.
 */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
