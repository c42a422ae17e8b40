import { CREDENTIAL_REFRESH_MS, UPLOAD_MAX_RETRIES, UPLOAD_TIMEOUT_MS } from '@vsp/contract/constants';
import type { SignedPart, UploadCredential, UploadFileType, UploadResult, UploadSession } from '@vsp/contract/endpoints/uploads';
import { fingerprintFile, type UploadSource } from './file-fingerprint';
import type { PartTransport } from './part-transport';
import {
  MissingCredentialError,
  PartHttpError,
  PartNetworkError,
  PartTimeoutError,
  UploadCancelledError,
  UploadFailedError,
  isAbortError,
} from './upload-errors';

/**
 * The upload engine (DESIGN.md section 6, decision 0040): one file, straight to object storage in
 * parts, through the API's presigned URLs. Parts go out a few at a time, each with its own timeout
 * and its own retries with backoff; the retry budget belongs to one part of one upload, never to a
 * counter shared across uploads. The same file picked again resumes its open upload and sends only
 * the parts the store lacks. Cancel aborts the upload on the server and rejects with
 * "Upload cancelled for UID {uid}".
 */

/** The API calls the engine makes; `createUploadServer` binds them to the website's HTTP client. */
export interface UploadServer {
  credential(fileType: UploadFileType): Promise<UploadCredential | null | undefined>;
  start(input: { uploadToken: string; fileName: string; fileSize: number; contentType: string; fingerprint: string }): Promise<UploadSession>;
  sign(uploadToken: string, uploadId: string, partNumbers: number[]): Promise<SignedPart[]>;
  complete(uploadToken: string, uploadId: string): Promise<UploadResult>;
  abort(uploadToken: string, uploadId: string): Promise<unknown>;
}

export interface UploadEngineOptions {
  server: UploadServer;
  transport: PartTransport;
  /** Parts in flight at once for one file. */
  concurrency?: number;
  partTimeoutMs?: number;
  /** Retries of one failed part (after its first try). */
  maxRetries?: number;
  /** Wait before retry number `retry` (1-based). */
  backoffMs?: (retry: number) => number;
  credentialRefreshMs?: number;
  /** Parts signed per request. */
  signBatch?: number;
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  fingerprint?: (file: UploadSource, partSize: number) => Promise<string>;
}

export interface UploadJob {
  /** The file item's uid (spec section 3), named in the cancel message. */
  uid: string;
  file: UploadSource;
  fileType: UploadFileType;
  signal?: AbortSignal;
  /** Percentage with 2 decimals, only when it changes. */
  onProgress?: (percent: number) => void;
  /** The server opened the upload, or found the open one of the same file (`resumed`, with its stored parts). */
  onSession?: (session: UploadSessionInfo) => void;
}

export interface UploadSessionInfo {
  uploadId: string;
  key: string;
  fingerprint: string;
  partCount: number;
  /** The upload was already open: only the parts the store lacks are sent. */
  resumed: boolean;
  /** Parts the store already holds at their full size. */
  storedParts: number;
}

export interface UploadOutcome extends UploadResult {
  /** Parts the store already held when this attempt began (a resume). */
  resumedParts: number[];
  /** Parts this attempt sent. */
  sentParts: number[];
}

/** A URL stays usable only while this much of its life is left. */
const URL_MARGIN_MS = 30_000;
/** A 403 on a part means its URL expired or lost its signature: sign again, this often at most. */
const MAX_RESIGNS = 2;

/** Decimals of an upload's progress percentage (spec section 9). */
export const PROGRESS_DECIMALS = 2;

export function roundPercent(loaded: number, total: number): number {
  if (total <= 0) return 0;
  const factor = 10 ** PROGRESS_DECIMALS;
  return Math.min(100, Math.floor((loaded / total) * 100 * factor) / factor);
}

function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(done, ms);
    function done() {
      signal.removeEventListener('abort', stop);
      resolve();
    }
    function stop() {
      clearTimeout(timer);
      reject(signal.reason);
    }
    signal.addEventListener('abort', stop, { once: true });
  });
}

/** Network trouble, a timeout, a server error or throttling: worth another try. */
function isRetryable(error: unknown): boolean {
  if (error instanceof PartNetworkError || error instanceof PartTimeoutError) return true;
  if (error instanceof PartHttpError) return error.status >= 500 || error.status === 408 || error.status === 429 || error.status === 0;
  return false;
}

export function createUploadEngine(options: UploadEngineOptions) {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const partTimeoutMs = options.partTimeoutMs ?? UPLOAD_TIMEOUT_MS;
  const maxRetries = options.maxRetries ?? UPLOAD_MAX_RETRIES;
  const backoffMs = options.backoffMs ?? ((retry: number) => 500 * 2 ** (retry - 1) + Math.floor(Math.random() * 250));
  const refreshMs = options.credentialRefreshMs ?? CREDENTIAL_REFRESH_MS;
  const signBatch = options.signBatch ?? 25;
  const fingerprint = options.fingerprint ?? fingerprintFile;

  /** Credentials per kind of file, fetched again once CREDENTIAL_REFRESH_MS old (or near expiry). */
  const credentials = new Map<UploadFileType, { credential: UploadCredential; fetchedAt: number }>();

  async function credentialFor(fileType: UploadFileType): Promise<UploadCredential> {
    const cached = credentials.get(fileType);
    const t = now();
    if (cached && t - cached.fetchedAt < refreshMs && cached.credential.expiration - t > URL_MARGIN_MS) return cached.credential;
    const credential = await options.server.credential(fileType);
    if (!credential?.token || !credential.dir) throw new MissingCredentialError();
    credentials.set(fileType, { credential, fetchedAt: now() });
    return credential;
  }

  async function upload(job: UploadJob): Promise<UploadOutcome> {
    const outer = job.signal;
    if (outer?.aborted) throw new UploadCancelledError(job.uid);
    const signal = outer ?? new AbortController().signal;
    const file = job.file;
    let session: UploadSession | undefined;
    let token = '';

    try {
      const credential = await credentialFor(job.fileType);
      token = credential.token;
      const print = await fingerprint(file, credential.partSize);
      signal.throwIfAborted();
      session = await options.server.start({
        uploadToken: credential.token,
        fileName: file.name,
        fileSize: file.size,
        contentType: file.type || 'application/octet-stream',
        fingerprint: print,
      });
      const { partSize, partCount, uploadId } = session;
      const partBytes = (n: number) => (n < partCount ? partSize : file.size - (partCount - 1) * partSize);

      const stored = new Set(session.parts.filter((p) => p.size === partBytes(p.partNumber)).map((p) => p.partNumber));
      job.onSession?.({ uploadId, key: session.key, fingerprint: print, partCount, resumed: session.resumed, storedParts: stored.size });
      let storedBytes = [...stored].reduce((sum, n) => sum + partBytes(n), 0);
      const inFlight = new Map<number, number>();
      let lastPercent = -1;
      const report = () => {
        let loaded = storedBytes;
        for (const bytes of inFlight.values()) loaded += bytes;
        const percent = roundPercent(loaded, file.size);
        if (percent !== lastPercent) {
          lastPercent = percent;
          job.onProgress?.(percent);
        }
      };
      report();

      const remaining = Array.from({ length: partCount }, (_, i) => i + 1).filter((n) => !stored.has(n));
      const queue = [...remaining];
      // After a part runs out of retries no new part starts, but parts in flight may still land:
      // each one stored is one fewer to send when the user retries.
      let failure: unknown;
      const urls = new Map<number, SignedPart>(session.signed.map((part) => [part.partNumber, part]));
      let signing: Promise<void> | null = null;

      /** A fresh URL for part n, signing it with the next few waiting parts in one call. */
      async function urlFor(n: number): Promise<string> {
        for (;;) {
          const cached = urls.get(n);
          if (cached && cached.expiresAt - now() > URL_MARGIN_MS) return cached.url;
          if (!signing) {
            const batch = [n, ...queue.filter((m) => m !== n && !urls.has(m)).slice(0, signBatch - 1)];
            signing = (async () => {
              token = (await credentialFor(job.fileType)).token;
              for (const part of await options.server.sign(token, uploadId, batch)) urls.set(part.partNumber, part);
            })().finally(() => {
              signing = null;
            });
          }
          await signing;
          signal.throwIfAborted();
          if (!urls.has(n)) throw new Error(`the server did not sign part ${n}`);
        }
      }

      async function sendPart(n: number): Promise<void> {
        const body = file.slice((n - 1) * partSize, (n - 1) * partSize + partBytes(n));
        let retries = 0;
        let resigns = 0;
        for (;;) {
          signal.throwIfAborted();
          try {
            const url = await urlFor(n);
            await options.transport.put(url, body, {
              signal,
              timeoutMs: partTimeoutMs,
              onProgress(loaded) {
                inFlight.set(n, Math.min(loaded, body.size));
                report();
              },
            });
            inFlight.delete(n);
            storedBytes += body.size;
            report();
            return;
          } catch (error) {
            inFlight.delete(n);
            report();
            if (signal.aborted || isAbortError(error)) throw error;
            if (error instanceof PartHttpError && error.status === 403 && resigns < MAX_RESIGNS) {
              resigns++;
              urls.delete(n);
              continue;
            }
            if (!isRetryable(error) || retries >= maxRetries || failure !== undefined) throw new UploadFailedError(n, { cause: error });
            retries++;
            await sleep(backoffMs(retries), signal);
          }
        }
      }

      const sent: number[] = [];
      async function worker() {
        for (let n = queue.shift(); n !== undefined && failure === undefined; n = queue.shift()) {
          try {
            await sendPart(n);
            sent.push(n);
          } catch (error) {
            failure ??= error;
          }
        }
      }
      await Promise.all(Array.from({ length: Math.min(concurrency, remaining.length) }, worker));
      if (outer?.aborted) throw outer.reason;
      if (failure !== undefined) throw failure;

      token = (await credentialFor(job.fileType)).token;
      const result = await options.server.complete(token, uploadId);
      job.onProgress?.(100);
      return { ...result, resumedParts: [...stored].sort((a, b) => a - b), sentParts: sent.sort((a, b) => a - b) };
    } catch (error) {
      if (outer?.aborted) {
        if (session && token) await options.server.abort(token, session.uploadId).catch(() => undefined);
        throw new UploadCancelledError(job.uid);
      }
      throw error;
    }
  }

  return { upload };
}

export type UploadEngine = ReturnType<typeof createUploadEngine>;
