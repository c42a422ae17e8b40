import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_PART_SIZE } from '@vsp/contract/constants';
import { Errors } from '@vsp/contract/error-codes';
import { databaseTargets } from '../../test/databases';
import { startS3TestServer, type S3TestServer } from '../../test/s3-test-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fingerprintOf, loginHeaders, signedBody, uploadClient, type UserHeaders } from '../../test/upload-client';
import { S3_MIN_PART_SIZE } from '../../storage/s3-storage';
import { CREDENTIAL_TTL_MS } from './uploads.service';

/** Call 4 and the multipart protocol through inject, on both storage drivers and both databases. */
const drivers = ['local', 's3'] as const;
const cases = drivers.flatMap((driver) => databaseTargets().map((db) => [driver, db.name, db] as const));

describe.each(cases)('uploads on the %s driver (%s)', (driver, _dbName, db) => {
  let t: TestApp;
  let s3: S3TestServer | undefined;
  let alice: UserHeaders;
  let bob: UserHeaders;
  let clock = Date.now();

  beforeAll(async () => {
    s3 = driver === 's3' ? await startS3TestServer() : undefined;
    t = await createTestApp({ database: await db.open(), env: s3?.env ?? {}, now: () => clock });
    alice = await loginHeaders(t, 'alice');
    bob = await loginHeaders(t, 'bob');
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const partSize = driver === 'local' ? UPLOAD_PART_SIZE : S3_MIN_PART_SIZE;
  const file = (parts: number, tail = 1000) => randomBytes((parts - 1) * partSize + tail);

  it('hands out a credential (call 4) only to a logged-in user signing with appId 1000', async () => {
    const query = (appId: number) => t.sign({ fileType: 'music' }, { appId });
    const anonymous = await t.app.inject({ method: 'GET', url: '/v1/common/credentialsBySign', query: query(1000) });
    expect(anonymous.json().errInfo.code).toBe(Errors.LoginRequired);
    const wrongApp = await t.app.inject({ method: 'GET', url: '/v1/common/credentialsBySign', query: query(1004), headers: alice });
    expect(wrongApp.json().errInfo.code).toBe(Errors.InvalidSignature);

    const credential = await uploadClient(t, alice, () => clock).credential();
    expect(credential.dir).toBe(`music/${alice.uid}/`);
    expect(credential.cdnUrl).toMatch(/^https?:\/\/.+\/$/);
    expect(credential.partSize).toBe(partSize);
    expect(credential.expiration).toBe(clock + CREDENTIAL_TTL_MS);
    expect(credential.maxBytes).toBe(20 * 1024 * 1024);
  });

  it('uploads a file in parts and serves it at cdnUrl + key, with ranges', async () => {
    const bytes = file(3);
    const result = await uploadClient(t, alice, () => clock).upload(bytes);
    expect(result.key).toMatch(new RegExp(`^music/${alice.uid}/\\d+-[0-9a-f]+\\.mp3$`));
    expect(result.size).toBe(bytes.length);

    const url = new URL(result.url);
    const ranged =
      driver === 'local'
        ? await t.app.inject({ method: 'GET', url: url.pathname, headers: { range: 'bytes=5-14' } }).then((r) => ({ status: r.statusCode, body: r.rawPayload }))
        : await fetch(result.url, { headers: { range: 'bytes=5-14' } }).then(async (r) => ({ status: r.status, body: Buffer.from(await r.arrayBuffer()) }));
    expect(ranged.status).toBe(206);
    expect(ranged.body.equals(bytes.subarray(5, 15))).toBe(true);
  });

  it("stores an upload under its kind's extension and type, never the client's file name, and serves it inert", async () => {
    const api = uploadClient(t, alice, () => clock);
    const fetchHead = async (url: string) => {
      if (driver === 'local') {
        const r = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
        return { status: r.statusCode, header: (name: string) => (r.headers[name] as string | undefined) ?? null };
      }
      const r = await fetch(url);
      await r.arrayBuffer();
      return { status: r.status, header: (name: string) => r.headers.get(name) };
    };

    const song = await api.upload(file(1), 'x.html', 'music');
    expect(song.key).toMatch(new RegExp(`^music/${alice.uid}/\\d+-[0-9a-f]+\\.mp3$`));
    const served = await fetchHead(song.url);
    expect(served.status).toBe(200);
    expect(served.header('content-type')).toBe('audio/mpeg');
    expect(served.header('content-disposition')).toBe('inline');

    for (const name of ['x.svg', 'x.xhtml', 'page.HTML', 'no-extension']) {
      const archive = await api.upload(file(1), name, 'outfit');
      expect(archive.key).toMatch(new RegExp(`^outfit/${alice.uid}/\\d+-[0-9a-f]+\\.zip$`));
      const object = await fetchHead(archive.url);
      expect(object.header('content-type')).toBe('application/zip');
      expect(object.header('content-disposition')).toBe('attachment');
      if (driver === 'local') {
        expect(object.header('x-content-type-options')).toBe('nosniff');
        expect(object.header('content-security-policy')).toMatch(/default-src 'none'.*; sandbox$/);
      }
    }
  });

  it('resumes the open upload of the same file with the parts the store already holds', async () => {
    const api = uploadClient(t, alice, () => clock);
    const { token } = await api.credential();
    const bytes = file(3);
    const first = await api.start(token, bytes);
    expect(first).toMatchObject({ resumed: false, parts: [], partCount: 3, partSize });
    await api.sendParts(token, first, bytes, [1, 3]);

    const again = await api.start(token, bytes);
    expect(again.uploadId).toBe(first.uploadId);
    expect(again.resumed).toBe(true);
    expect(again.parts.map((p) => p.partNumber)).toEqual([1, 3]);

    const incomplete = await api.complete(token, first.uploadId);
    expect(incomplete.statusCode).toBe(409);
    expect(incomplete.json().errInfo.code).toBe(Errors.UploadPartsMissing);

    await api.sendParts(token, again, bytes, [2]);
    expect((await api.list(token, first.uploadId)).map((p) => p.partNumber)).toEqual([1, 2, 3]);
    const done = await api.complete(token, first.uploadId);
    expect(done.json().data.size).toBe(bytes.length);
    expect((await api.complete(token, first.uploadId)).json().data.key).toBe(done.json().data.key);

    const other = await api.start(token, file(1), 'other.mp3');
    expect(other.uploadId).not.toBe(first.uploadId);
    expect(other.resumed).toBe(false);
  });

  it('joins two starts of the same file at once into one upload', async () => {
    const api = uploadClient(t, alice, () => clock);
    const { token } = await api.credential();
    const bytes = file(2);
    const [a, b] = await Promise.all([api.start(token, bytes, 'twin.mp3'), api.start(token, bytes, 'twin.mp3')]);
    expect(a.uploadId).toBe(b.uploadId);
    expect([a.resumed, b.resumed].sort()).toEqual([false, true]);
    expect(a.signed.map((p) => p.partNumber)).toEqual([1, 2]);
  });

  it('completes an upload once when five completes arrive at once, and answers each the same', async () => {
    const api = uploadClient(t, alice, () => clock);
    const { token } = await api.credential();
    const bytes = file(2);
    const session = await api.start(token, bytes, 'five.mp3');
    await api.sendParts(token, session, bytes);
    const answers = await Promise.all(Array.from({ length: 5 }, () => api.complete(token, session.uploadId)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    for (const answer of answers) expect(answer.json().data).toEqual(answers[0]!.json().data);
    expect(answers[0]!.json().data).toMatchObject({ uploadId: session.uploadId, key: session.key, size: bytes.length });
    expect((await t.app.storage.stat(session.key))?.size).toBe(bytes.length);
  });

  it('answers a complete racing an abort cleanly: one of them wins and the other gets a catalogue answer', async () => {
    const api = uploadClient(t, alice, () => clock);
    const { token } = await api.credential();
    for (let round = 0; round < 3; round++) {
      const bytes = file(1, 2000 + round);
      const session = await api.start(token, bytes, `race-${round}.mp3`);
      await api.sendParts(token, session, bytes);
      const [completed, aborted] = await Promise.all([api.complete(token, session.uploadId), api.abort(token, session.uploadId)]);
      const abortedData = aborted.json().data as { aborted: boolean };
      expect(aborted.statusCode).toBe(200);
      if (abortedData.aborted) {
        // The abort won: the complete found the upload ended.
        expect(completed.statusCode).toBe(404);
        expect(completed.json().errInfo.code).toBe(Errors.UploadNotFound);
        expect(await t.app.storage.stat(session.key)).toBeNull();
      } else {
        // The complete won: the object is whole and a later complete answers the same.
        expect(completed.statusCode).toBe(200);
        expect((await api.complete(token, session.uploadId)).json().data).toEqual(completed.json().data);
        expect((await t.app.storage.stat(session.key))?.size).toBe(bytes.length);
      }
      // Either way the upload has ended: a second abort answers false.
      expect((await api.abort(token, session.uploadId)).json().data).toEqual({ aborted: false });
    }
  });

  it('aborts an upload: its parts are freed and the same file then starts afresh', async () => {
    const api = uploadClient(t, alice, () => clock);
    const { token } = await api.credential();
    const bytes = file(2);
    const session = await api.start(token, bytes);
    await api.sendParts(token, session, bytes, [1]);
    expect((await api.abort(token, session.uploadId)).json().data).toEqual({ aborted: true });
    expect((await api.abort(token, session.uploadId)).json().data).toEqual({ aborted: false });
    const listed = await t.app.inject({
      method: 'GET',
      url: '/v1/upload/multipart/parts',
      query: t.sign({ uploadToken: token, uploadId: session.uploadId }),
      headers: alice,
    });
    expect(listed.json().errInfo.code).toBe(Errors.UploadNotFound);
    const fresh = await api.start(token, bytes);
    expect(fresh.uploadId).not.toBe(session.uploadId);
    expect(fresh.parts).toEqual([]);
  });

  it("keeps users to their own credential and uploads", async () => {
    const aliceApi = uploadClient(t, alice, () => clock);
    const bobApi = uploadClient(t, bob, () => clock);
    const aliceToken = (await aliceApi.credential()).token;
    const bytes = file(1);
    const session = await aliceApi.start(aliceToken, bytes);

    const stolen = await t.app.inject({
      method: 'POST',
      url: '/v1/upload/multipart/start',
      payload: signedBody(t, { uploadToken: aliceToken, fileName: 'x.mp3', fileSize: 10, fingerprint: fingerprintOf(bytes) }, clock),
      headers: bob,
    });
    expect(stolen.json().errInfo.code).toBe(Errors.UploadCredentialInvalid);

    const bobToken = (await bobApi.credential()).token;
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/v1/upload/multipart/sign',
      payload: signedBody(t, { uploadToken: bobToken, uploadId: session.uploadId, partNumbers: [1] }, clock),
      headers: bob,
    });
    expect(foreign.json().errInfo.code).toBe(Errors.UploadNotFound);

    const tampered = `${aliceToken.split('.')[0]}.${'A'.repeat(43)}`;
    await expect(aliceApi.sign(tampered, session.uploadId, [1])).rejects.toMatchObject({ code: Errors.UploadCredentialInvalid });
  });

  it('refuses an expired credential, a file over the limit of its kind, and part numbers past the end', async () => {
    const api = uploadClient(t, alice, () => clock);
    const { token } = await api.credential();
    const tooBig = await t.app.inject({
      method: 'POST',
      url: '/v1/upload/multipart/start',
      payload: signedBody(t, { uploadToken: token, fileName: 'big.mp3', fileSize: 20 * 1024 * 1024 + 1, fingerprint: 'a'.repeat(64) }, clock),
      headers: alice,
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().errInfo.code).toBe(Errors.FileSizeOutOfRange);

    const bytes = file(1);
    const session = await api.start(token, bytes);
    await expect(api.sign(token, session.uploadId, [2])).rejects.toMatchObject({ code: Errors.ValidationFailed });

    clock += CREDENTIAL_TTL_MS + 1;
    try {
      await expect(api.sign(token, session.uploadId, [1])).rejects.toMatchObject({ code: Errors.UploadCredentialInvalid });
    } finally {
      clock -= CREDENTIAL_TTL_MS + 1;
    }
  });
});
