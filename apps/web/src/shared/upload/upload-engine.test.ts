import { describe, expect, it } from 'vitest';
import { CREDENTIAL_REFRESH_MS, UPLOAD_PART_SIZE, UPLOAD_TIMEOUT_MS } from '@vsp/contract/constants';
import type { SignedPart, UploadCredential, UploadSession } from '@vsp/contract/endpoints/uploads';
import type { PartTransport } from './part-transport';
import { createUploadEngine, roundPercent, type UploadEngineOptions, type UploadServer } from './upload-engine';
import { MISSING_CREDENTIAL_MESSAGE, PartHttpError, PartNetworkError, UploadFailedError } from './upload-errors';

/**
 * The engine against an in-memory store that behaves like the API: uploads keyed by fingerprint,
 * parts held per upload, URLs that expire. The transport can be told to fail given parts.
 */
const PART = UPLOAD_PART_SIZE;

class FakeStore {
  clock = 1_000_000;
  credentialCalls = 0;
  giveCredential = true;
  signWithStart = false;
  urlLifeMs = 15 * 60_000;
  sessions = new Map<string, { id: string; partCount: number; partSize: number; size: number; parts: Set<number>; aborted: boolean; completed: boolean }>();
  signCalls: number[][] = [];
  aborts: string[] = [];
  puts: number[] = [];
  inFlight = 0;
  maxInFlight = 0;
  timeouts = new Set<number>();
  /** Failures to answer per part number, consumed one per PUT. */
  failures = new Map<number, Error[]>();

  server: UploadServer = {
    credential: async () => {
      this.credentialCalls++;
      if (!this.giveCredential) return null;
      const credential: UploadCredential = { dir: 'music/1/', cdnUrl: 'https://cdn.test/', token: `token-${this.credentialCalls}`, expiration: this.clock + 2 * CREDENTIAL_REFRESH_MS, partSize: PART, maxBytes: 1e9 };
      return credential;
    },
    start: async (input) => {
      let s = [...this.sessions.values()].find((x) => x.id === input.fingerprint && !x.aborted && !x.completed);
      const resumed = Boolean(s);
      if (!s) {
        s = { id: input.fingerprint, partCount: Math.ceil(input.fileSize / PART), partSize: PART, size: input.fileSize, parts: new Set(), aborted: false, completed: false };
        this.sessions.set(`${input.fingerprint}-${this.sessions.size}`, s);
      }
      const session = s;
      const partBytes = (n: number) => (n < session.partCount ? PART : session.size - (session.partCount - 1) * PART);
      const answer: UploadSession = {
        uploadId: `up-${this.sessions.size}`,
        key: 'music/1/key.mp3',
        partSize: PART,
        partCount: session.partCount,
        resumed,
        parts: [...session.parts].map((n) => ({ partNumber: n, size: partBytes(n), etag: 'e' })),
        signed: this.signWithStart
          ? Array.from({ length: session.partCount }, (_, i) => i + 1)
              .filter((n) => !session.parts.has(n))
              .map((n) => ({ partNumber: n, url: `fake://part/${n}?expires=${this.clock + this.urlLifeMs}`, expiresAt: this.clock + this.urlLifeMs }))
          : [],
      };
      this.current = session;
      return answer;
    },
    sign: async (_token, _uploadId, partNumbers) => {
      this.signCalls.push(partNumbers);
      return partNumbers.map((n): SignedPart => ({ partNumber: n, url: `fake://part/${n}?expires=${this.clock + this.urlLifeMs}`, expiresAt: this.clock + this.urlLifeMs }));
    },
    complete: async () => {
      const s = this.current!;
      for (let n = 1; n <= s.partCount; n++) if (!s.parts.has(n)) throw new Error(`part ${n} missing`);
      s.completed = true;
      return { uploadId: s.id, key: 'music/1/key.mp3', url: 'https://cdn.test/music/1/key.mp3', size: s.size };
    },
    abort: async (_token, uploadId) => {
      this.aborts.push(uploadId);
      if (this.current) this.current.aborted = true;
    },
  };
  current: ReturnType<FakeStore['sessions']['get']>;

  transport: PartTransport = {
    put: async (url, body, { signal, timeoutMs, onProgress }) => {
      const match = /^fake:\/\/part\/(\d+)\?expires=(\d+)$/.exec(url)!;
      const n = Number(match[1]);
      this.timeouts.add(timeoutMs);
      this.puts.push(n);
      this.inFlight++;
      this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
      try {
        await new Promise((r) => setTimeout(r, 2));
        signal.throwIfAborted();
        if (Number(match[2]) < this.clock) throw new PartHttpError(403);
        const failure = this.failures.get(n)?.shift();
        if (failure) throw failure;
        onProgress(body.size / 2);
        onProgress(body.size);
        this.current!.parts.add(n);
      } finally {
        this.inFlight--;
      }
    },
  };

  engine(options: Partial<UploadEngineOptions> = {}) {
    return createUploadEngine({
      server: this.server,
      transport: this.transport,
      now: () => this.clock,
      sleep: async (ms) => {
        this.sleeps.push(ms);
      },
      fingerprint: async (file) => `fp-${file.name}-${file.size}`,
      ...options,
    });
  }
  sleeps: number[] = [];
}

const fileOf = (bytes: number, name = 'song.mp3') => new File([new Uint8Array(bytes)], name, { type: 'audio/mpeg', lastModified: 1 });

describe('upload engine', () => {
  it('sends every part a few at a time, with the 120 000 ms part timeout and progress in 2 decimals', async () => {
    const store = new FakeStore();
    const progress: number[] = [];
    const result = await store.engine().upload({ uid: 'u1', file: fileOf(7 * PART + 333), fileType: 'music', onProgress: (p) => progress.push(p) });
    expect(result.sentParts).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(result.resumedParts).toEqual([]);
    expect(store.maxInFlight).toBeGreaterThan(1);
    expect(store.maxInFlight).toBeLessThanOrEqual(4);
    expect([...store.timeouts]).toEqual([UPLOAD_TIMEOUT_MS]);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    for (const p of progress) expect(Number(p.toFixed(2))).toBe(p);
    expect(progress.some((p) => p > 0 && p < 100 && !Number.isInteger(p))).toBe(true);
  });

  it('uses the part URLs that came with the answer to start, without a sign call', async () => {
    const store = new FakeStore();
    store.signWithStart = true;
    const result = await store.engine().upload({ uid: 'u1', file: fileOf(3 * PART), fileType: 'music' });
    expect(result.sentParts).toEqual([1, 2, 3]);
    expect(store.signCalls).toEqual([]);
  });

  it('rounds progress down to 2 decimals and never past 100', () => {
    expect(roundPercent(1, 3)).toBe(33.33);
    expect(roundPercent(2, 3)).toBe(66.66);
    expect(roundPercent(5, 5)).toBe(100);
    expect(roundPercent(0, 0)).toBe(0);
  });

  it('retries a failed part up to 3 times with growing backoff', async () => {
    const store = new FakeStore();
    store.failures.set(2, [new PartNetworkError(), new PartHttpError(503), new PartNetworkError()]);
    const result = await store.engine({ backoffMs: (retry) => 100 * 2 ** retry }).upload({ uid: 'u1', file: fileOf(3 * PART), fileType: 'music' });
    expect(result.sentParts).toEqual([1, 2, 3]);
    expect(store.puts.filter((n) => n === 2)).toHaveLength(4);
    expect(store.sleeps).toEqual([200, 400, 800]);
  });

  it('fails after the 4th try of a part, keeps the upload open, and the next attempt resumes with its own retries', async () => {
    const store = new FakeStore();
    const engine = store.engine({ concurrency: 1 });
    const file = fileOf(3 * PART);
    store.failures.set(2, Array.from({ length: 4 }, () => new PartNetworkError()));
    await expect(engine.upload({ uid: 'u1', file, fileType: 'music' })).rejects.toBeInstanceOf(UploadFailedError);
    expect(store.aborts).toEqual([]);
    expect(store.puts).toEqual([1, 2, 2, 2, 2]);

    // A counter shared across uploads and never reset would have no retry left here.
    store.puts = [];
    store.failures.set(2, [new PartNetworkError(), new PartNetworkError(), new PartNetworkError()]);
    const retried = await engine.upload({ uid: 'u1', file, fileType: 'music' });
    expect(retried.resumedParts).toEqual([1]);
    expect(retried.sentParts).toEqual([2, 3]);
    expect(store.puts).toEqual([2, 2, 2, 2, 3]);
  });

  it('does not retry a part the store refused for good', async () => {
    const store = new FakeStore();
    store.failures.set(1, [new PartHttpError(400)]);
    await expect(store.engine().upload({ uid: 'u1', file: fileOf(PART), fileType: 'music' })).rejects.toBeInstanceOf(UploadFailedError);
    expect(store.puts).toEqual([1]);
  });

  it('signs an expired part URL again instead of failing', async () => {
    const store = new FakeStore();
    store.urlLifeMs = 40_000;
    const file = fileOf(3 * PART);
    store.failures.set(2, [new PartNetworkError()]);
    // The first URL of part 2 dies while the engine waits to retry it.
    const sleep = async () => {
      store.clock += 60_000;
    };
    const result = await store.engine({ concurrency: 1, sleep }).upload({ uid: 'u1', file, fileType: 'music' });
    expect(result.sentParts).toEqual([1, 2, 3]);
    expect(store.signCalls.length).toBeGreaterThan(1);

    // A 403 from the store (an URL that expired in flight) also leads to a new signature.
    const store2 = new FakeStore();
    store2.failures.set(1, [new PartHttpError(403)]);
    const again = await store2.engine().upload({ uid: 'u2', file: fileOf(PART), fileType: 'music' });
    expect(again.sentParts).toEqual([1]);
    expect(store2.signCalls.flat().filter((n) => n === 1)).toHaveLength(2);
  });

  it('cancels: aborts the upload on the server and rejects with the spec message', async () => {
    const store = new FakeStore();
    const controller = new AbortController();
    const job = store.engine({ concurrency: 1 }).upload({
      uid: 'rc-upload-42',
      file: fileOf(5 * PART),
      fileType: 'music',
      signal: controller.signal,
      onProgress: (p) => {
        if (p > 30) controller.abort();
      },
    });
    await expect(job).rejects.toThrow('Upload cancelled for UID rc-upload-42');
    expect(store.aborts).toHaveLength(1);
    expect(store.current?.completed).toBe(false);
  });

  it('ends in error with the spec message when no credential comes back', async () => {
    const store = new FakeStore();
    store.giveCredential = false;
    await expect(store.engine().upload({ uid: 'u1', file: fileOf(10), fileType: 'music' })).rejects.toThrow(MISSING_CREDENTIAL_MESSAGE);
    expect(store.puts).toEqual([]);
  });

  it('fetches the credential again once it is 3 600 000 ms old', async () => {
    const store = new FakeStore();
    const engine = store.engine();
    await engine.upload({ uid: 'a', file: fileOf(10, 'a.mp3'), fileType: 'music' });
    await engine.upload({ uid: 'b', file: fileOf(10, 'b.mp3'), fileType: 'music' });
    expect(store.credentialCalls).toBe(1);
    store.clock += CREDENTIAL_REFRESH_MS;
    await engine.upload({ uid: 'c', file: fileOf(10, 'c.mp3'), fileType: 'music' });
    expect(store.credentialCalls).toBe(2);
  });
});
