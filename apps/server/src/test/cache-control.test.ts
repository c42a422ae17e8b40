import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

interface OpenApi {
  paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
}

/**
 * Private answers are never cached (issue 28, decision 0140). Every operation of the OpenAPI
 * document (a new one is covered without editing this test), called as a player with a session:
 * its answer, whatever its status, says `no-store`, unless it is public, and then the same call
 * without the session answers the very same body (so the answer cannot depend on the caller).
 */
describe('caching of every operation', () => {
  let t: TestApp;
  let session: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    const player = await t.app.accounts.createUser({ userName: 'cachey', email: 'cachey@example.com', password: 'long-password-9' });
    session = { token: (await t.app.sessions.create(player.uid)).token, uid: String(player.uid) };
  });
  afterAll(() => t?.close());

  it('answers no-store to a caller with a session, or the same public answer to anyone', async () => {
    const spec = (t.app as unknown as { swagger(): OpenApi }).swagger();
    const seen: string[] = [];
    const problems: string[] = [];
    for (const [path, methods] of Object.entries(spec.paths)) {
      for (const method of Object.keys(methods)) {
        if (!['get', 'post', 'put', 'delete', 'patch'].includes(method)) continue;
        const url = path.replace(/\{[^}]+\}/g, '1');
        const call = (headers: Record<string, string>) =>
          method === 'get' || method === 'delete'
            ? t.app.inject({ method: method.toUpperCase() as 'GET', url, query: t.sign({}), headers })
            : t.app.inject({ method: method.toUpperCase() as 'POST', url, payload: t.sign({}), headers });
        const answer = await call(session);
        const cacheControl = String(answer.headers['cache-control'] ?? '');
        seen.push(`${method.toUpperCase()} ${path}`);
        if (/\bno-store\b/.test(cacheControl)) continue;
        if (/\bpublic\b/.test(cacheControl)) {
          const anonymous = await call({});
          if (anonymous.body !== answer.body) problems.push(`${method.toUpperCase()} ${path}: public (${cacheControl}) but differs without the session`);
          continue;
        }
        problems.push(`${method.toUpperCase()} ${path} ${answer.statusCode}: cache-control "${cacheControl}"`);
      }
    }
    expect(seen.length).toBeGreaterThan(40);
    expect(problems).toEqual([]);
  });
});
