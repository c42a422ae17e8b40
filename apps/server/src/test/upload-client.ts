import { createHash } from 'node:crypto';
import { computeSign, type Params } from '@vsp/contract/signing';
import type { StoredPart, UploadCredential, UploadFileType, UploadResult, UploadSession } from '@vsp/contract/endpoints/uploads';
import type { TestApp } from './test-app';

/**
 * The upload protocol driven the way a client drives it, for server tests: call 4, start, sign,
 * PUT each part to its presigned URL (through inject when the URL is the app's own, the local
 * driver; over HTTP otherwise, an S3 store), complete.
 */
// A type, not an interface, so that it passes as inject's header record.
export type UserHeaders = { token: string; uid: string };

export async function loginHeaders(t: TestApp, userName: string): Promise<UserHeaders> {
  const user = await t.app.accounts.createUser({ userName, email: `${userName}@example.com`, password: 'long-password-1' });
  const { token } = await t.app.sessions.create(user.uid);
  return { token, uid: String(user.uid) };
}

function unwrap<T>(response: { statusCode: number; json(): unknown }): T {
  const body = response.json() as { status: number; data: T; errInfo?: { code: number } };
  if (body.status !== 1) throw Object.assign(new Error(`API failure ${JSON.stringify(body)}`), { code: body.errInfo?.code });
  return body.data;
}

export const fingerprintOf = (bytes: Uint8Array, name = 'file') => createHash('sha256').update(name).update(bytes).digest('hex');

/** A signed JSON body that keeps numbers and arrays as they are (t.sign makes strings, for queries). */
export function signedBody(t: TestApp, params: Params, now = Date.now()): Params {
  const base = { ...params, appId: 1004, timestamp: now, random: t.nextRandom() };
  return { ...base, sign: computeSign(base, t.config.signSecrets.get(1004)!) };
}

export function uploadClient(t: TestApp, headers: UserHeaders, now: () => number = Date.now) {
  const body = (params: Params) => signedBody(t, params, now());
  const api = {
    async credential(fileType: UploadFileType = 'music'): Promise<UploadCredential> {
      const response = await t.app.inject({ method: 'GET', url: '/v1/common/credentialsBySign', query: t.sign({ fileType }, { appId: 1000 }), headers });
      return unwrap<{ credentials: UploadCredential }>(response).credentials;
    },
    async start(token: string, bytes: Uint8Array, fileName = 'song.mp3', fingerprint = fingerprintOf(bytes, fileName)): Promise<UploadSession> {
      const payload = body({ uploadToken: token, fileName, fileSize: bytes.length, contentType: 'audio/mpeg', fingerprint });
      return unwrap(await t.app.inject({ method: 'POST', url: '/v1/upload/multipart/start', payload, headers }));
    },
    async sign(token: string, uploadId: string, partNumbers: number[]) {
      const payload = body({ uploadToken: token, uploadId, partNumbers });
      return unwrap<{ parts: { partNumber: number; url: string; expiresAt: number }[] }>(
        await t.app.inject({ method: 'POST', url: '/v1/upload/multipart/sign', payload, headers }),
      ).parts;
    },
    async list(token: string, uploadId: string): Promise<StoredPart[]> {
      const response = await t.app.inject({ method: 'GET', url: '/v1/upload/multipart/parts', query: t.sign({ uploadToken: token, uploadId }), headers });
      return unwrap<{ parts: StoredPart[] }>(response).parts;
    },
    complete(token: string, uploadId: string) {
      return t.app.inject({ method: 'POST', url: '/v1/upload/multipart/complete', payload: body({ uploadToken: token, uploadId }), headers });
    },
    abort(token: string, uploadId: string) {
      return t.app.inject({ method: 'POST', url: '/v1/upload/multipart/abort', payload: body({ uploadToken: token, uploadId }), headers });
    },
    /** PUTs bytes to a presigned URL; answers the HTTP status. */
    async putPart(url: string, body: Uint8Array): Promise<number> {
      const target = new URL(url);
      if (target.hostname === 'localhost' && target.pathname.startsWith('/storage/')) {
        const response = await t.app.inject({ method: 'PUT', url: `${target.pathname}${target.search}`, payload: Buffer.from(body), headers: { 'content-type': 'application/octet-stream' } });
        return response.statusCode;
      }
      return (await fetch(url, { method: 'PUT', body })).status;
    },
    /** Sends the given parts (all by default) of `bytes` for an upload. */
    async sendParts(token: string, session: UploadSession, bytes: Uint8Array, partNumbers?: number[]) {
      const numbers = partNumbers ?? Array.from({ length: session.partCount }, (_, i) => i + 1);
      for (const signed of await api.sign(token, session.uploadId, numbers)) {
        const n = signed.partNumber;
        const status = await api.putPart(signed.url, bytes.subarray((n - 1) * session.partSize, n * session.partSize));
        if (status !== 200) throw new Error(`part ${n} answered ${status}`);
      }
    },
    /** A whole upload; answers the completed result. */
    async upload(bytes: Uint8Array, fileName = 'song.mp3', fileType: UploadFileType = 'music'): Promise<UploadResult> {
      const { token } = await api.credential(fileType);
      const session = await api.start(token, bytes, fileName);
      await api.sendParts(token, session, bytes);
      return unwrap(await api.complete(token, session.uploadId));
    },
  };
  return api;
}
