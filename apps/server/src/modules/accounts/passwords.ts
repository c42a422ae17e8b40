import { hash, verify } from '@node-rs/argon2';

/**
 * Password hashing (argon2id). One object, so that a test can count the verifications the login
 * makes (login-timing.test.ts) on the same instance the service calls.
 */
export const passwords = {
  hash: (password: string): Promise<string> => hash(password),
  verify: (hashed: string, password: string): Promise<boolean> => verify(hashed, password),
};
