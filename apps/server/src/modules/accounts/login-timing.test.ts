import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@vsp/contract/error-codes';
import { createTestApp, type TestApp } from '../../test/test-app';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * No user enumeration by timing: a wrong password for an existing account and any password for an
 * unknown one cost the same (one argon2id verification each). Without the dummy verification the
 * unknown account answers about ten times faster; the bound below is deliberately generous so that
 * a busy machine does not fail the test, yet that regression does.
 */
describe('login timing', () => {
  let t: TestApp;
  const unlimited = { max: 1_000_000, windowMs: 60_000 };

  beforeAll(async () => {
    t = await createTestApp({ limits: { loginPerAccount: unlimited, loginPerAddress: unlimited } });
    await t.services.accounts.createUser({ userName: 'olga', email: 'olga@example.com', password: 'olga-password-1' });
  });
  afterAll(() => t.close());

  async function timedLogin(userName: string, expectedCode: number): Promise<number> {
    const payload = t.sign({ userName, passWord: 'not-the-password' });
    const start = performance.now();
    const response = await t.app.inject({ method: 'POST', url: '/v1/user/official/loginByEmailOrUserName', payload });
    const elapsed = performance.now() - start;
    expect(response.json().errInfo.code).toBe(expectedCode);
    return elapsed;
  }

  it('answers a wrong password and an unknown account in the same time', { timeout: 120_000 }, async () => {
    // Warm up both paths (the dummy hash is made on first use, the JIT settles).
    for (let i = 0; i < 3; i++) {
      await timedLogin('olga', Errors.WrongPassword);
      await timedLogin(`ghost-warm-${i}`, Errors.UserNotRegistered);
    }
    // Up to three rounds: a busy machine (CI runs this beside the browser suite) can skew one round;
    // the regression this guards against (about ten times faster for unknown accounts) skews all.
    const ratios: string[] = [];
    for (let round = 0; round < 3; round++) {
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 21; i++) {
        // Alternate the order so that drift in machine load hits both sides alike.
        if (i % 2 === 0) {
          known.push(await timedLogin('olga', Errors.WrongPassword));
          unknown.push(await timedLogin(`ghost-${round}-${i}`, Errors.UserNotRegistered));
        } else {
          unknown.push(await timedLogin(`ghost-${round}-${i}`, Errors.UserNotRegistered));
          known.push(await timedLogin('olga', Errors.WrongPassword));
        }
      }
      const ratio = median(known) / median(unknown);
      ratios.push(`median known ${median(known).toFixed(1)} ms, unknown ${median(unknown).toFixed(1)} ms`);
      if (ratio > 0.6 && ratio < 1 / 0.6) return;
    }
    expect.fail(`known and unknown accounts answer in different times in every round: ${ratios.join('; ')}`);
  });
});
