import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '@vsp/api-client/api-client';
import { startS3TestServer, type S3TestServer } from '../../apps/server/src/test/s3-test-server';
import { createTestApp, type TestApp } from '../../apps/server/src/test/test-app';
import { fetchTransport, type PartTransport } from '../../apps/web/src/shared/upload/part-transport';
import { PartNetworkError, UploadFailedError } from '../../apps/web/src/shared/upload/upload-errors';
import { createUploadEngine } from '../../apps/web/src/shared/upload/upload-engine';
import { createUploadServer } from '../../apps/web/src/shared/upload/upload-server';

/** The website's upload engine against the real API over HTTP, on both storage drivers. */
describe.each(['local', 's3'] as const)('upload engine end to end on the %s driver', (driver) => {
  let t: TestApp;
  let s3: S3TestServer | undefined;
  let baseUrl: string;
  let session: { token: string; uid: number };

  beforeAll(async () => {
    s3 = driver === 's3' ? await startS3TestServer() : undefined;
    t = await createTestApp({ env: s3?.env ?? {} });
    const user = await t.app.accounts.createUser({ userName: 'erin', email: 'erin@example.com', password: 'long-password-1' });
    const { token } = await t.app.sessions.create(user.uid);
    session = { token, uid: user.uid };
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const engineWith = (transport: PartTransport) =>
    createUploadEngine({
      server: createUploadServer(createApiClient({ baseUrl, signing: { secretFor: (appId) => t.config.signSecrets.get(appId) }, session: () => session })),
      transport,
      backoffMs: () => 10,
    });

  it('uploads, fails on a dead part, then resumes sending only the missing parts', async () => {
    const partSize = t.app.storage.partSize;
    const bytes = randomBytes(3 * partSize + 4321);
    const file = new File([bytes], 'track.mp3', { type: 'audio/mpeg', lastModified: 1_700_000_000_000 });

    const flaky: PartTransport = {
      put(url, body, options) {
        return /[/=]2(\?|&|$)|partNumber=2&/.test(url) ? Promise.reject(new PartNetworkError()) : fetchTransport.put(url, body, options);
      },
    };
    await expect(engineWith(flaky).upload({ uid: 'item-1', file, fileType: 'music' })).rejects.toBeInstanceOf(UploadFailedError);

    const progress: number[] = [];
    const result = await engineWith(fetchTransport).upload({ uid: 'item-1', file, fileType: 'music', onProgress: (p) => progress.push(p) });
    expect(result.sentParts).toContain(2);
    expect(result.resumedParts.length).toBeGreaterThan(0);
    expect([...result.resumedParts, ...result.sentParts].sort()).toEqual([1, 2, 3, 4]);
    expect(result.sentParts.some((n) => result.resumedParts.includes(n))).toBe(false);
    expect(progress[0]).toBeGreaterThan(0);
    expect(progress.at(-1)).toBe(100);

    const stored = Buffer.from(await (await fetch(result.url)).arrayBuffer());
    expect(stored.equals(bytes)).toBe(true);
  });
});
