import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Errors } from '@vsp/contract/error-codes';
import { createTestApp, type TestApp } from '../../test/test-app';
import { passwords } from './passwords';

/** `$argon2id$v=19$m=19456,t=2,p=1$salt$hash` -> the algorithm and its cost, what decides the time. */
const cost = (hashed: string) => hashed.split('$').slice(1, 4).join('$');

/**
 * No user enumeration by timing: a wrong password for an existing account and any password for an
 * unknown one do the same work, one argon2id verification at the same cost. Asserted on the work
 * itself rather than on a stopwatch, which a busy machine skews (decision 0138); without the dummy
 * verification an unknown account makes none and this fails.
 */
describe('login timing', () => {
  let t: TestApp;
  let olgaHash: string;
  /** Every argon2 verification the server makes, by the hash it verified against. */
  const verified: string[] = [];
  const unlimited = { max: 1_000_000, windowMs: 60_000 };

  beforeAll(async () => {
    t = await createTestApp({ limits: { loginPerAccount: unlimited, loginPerAddress: unlimited } });
    const verify = passwords.verify;
    vi.spyOn(passwords, 'verify').mockImplementation((hashed, password) => {
      verified.push(hashed);
      return verify(hashed, password);
    });
    await t.app.accounts.createUser({ userName: 'olga', email: 'olga@example.com', password: 'olga-password-1' });
    verified.length = 0;
    await login('olga', 'olga-password-1', 1);
    olgaHash = verified[0]!;
  });
  beforeEach(() => {
    verified.length = 0;
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t.close();
  });

  async function login(userName: string, passWord: string, expected: number) {
    const response = await t.app.inject({ method: 'POST', url: '/v1/user/official/loginByEmailOrUserName', payload: t.sign({ userName, passWord }) });
    expect(response.json().errInfo?.code ?? response.json().status).toBe(expected);
  }

  it('verifies a wrong password for an existing account once, against its own hash', async () => {
    await login('olga', 'not-the-password', Errors.WrongPassword);
    expect(verified).toEqual([olgaHash]);
  });

  it('verifies any password for an unknown account once, at the same cost as a real account', async () => {
    await login('ghost', 'not-the-password', Errors.UserNotRegistered);
    await login('ghost-2@example.com', 'another-password', Errors.UserNotRegistered);
    expect(verified).toHaveLength(2);
    expect(verified.map(cost)).toEqual([cost(olgaHash), cost(olgaHash)]);
    expect(verified).not.toContain(olgaHash);
  });
});
