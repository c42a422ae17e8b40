import { createHmac, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_PART_SIZE } from '@vsp/contract/constants';
import type { StoredPart } from '@vsp/contract/endpoints/uploads';
import { signsEqual } from '@vsp/contract/signing';
import { MultipartNotFoundError, type ObjectStorage } from './object-storage';

/** Where the local driver serves objects and accepts parts, on the API's own origin. */
export const LOCAL_OBJECTS_PREFIX = '/objects/';
export const LOCAL_PARTS_PREFIX = '/storage/parts/';

const KEY_PATTERN = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i;
const UPLOAD_ID_PATTERN = /^[0-9a-f]{32}$/;

interface MultipartMeta {
  key: string;
  size: number;
  partSize: number;
}

export class PartRejectedError extends Error {
  constructor(
    readonly reason: 'signature' | 'expired' | 'not-found' | 'size',
    message: string,
  ) {
    super(message);
    this.name = 'PartRejectedError';
  }
}

/**
 * Local-disk storage for the embedded shape. Objects live in `<dir>/objects`; an unfinished upload
 * is a folder in `<dir>/multipart/<id>` holding the object file, preallocated to its final size,
 * and one marker file per stored part (`parts/<n>`, holding its size and etag). A part PUT streams
 * straight to its offset in that file (never buffered whole), and its marker is renamed into place
 * only after the last byte is written, so a part cut off by a crash or a lost connection is simply
 * not listed. Completing is a rename. Part URLs carry an HMAC over (upload id, part number, expiry).
 */
export class LocalObjectStorage implements ObjectStorage {
  readonly kind = 'local' as const;
  readonly partSize = UPLOAD_PART_SIZE;
  /** Where the stored objects live (`<root>/objects`). */
  readonly objectsDir: string;
  private readonly multipartDir: string;
  /** Upload metadata never changes once written; parts of a busy upload need not read it again. */
  private readonly metaCache = new Map<string, MultipartMeta>();

  constructor(
    root: string,
    private readonly secret: string,
    private readonly publicUrl?: string,
  ) {
    this.objectsDir = path.join(root, 'objects');
    this.multipartDir = path.join(root, 'multipart');
  }

  publicBaseUrl(origin: string): string {
    return `${this.publicUrl ?? origin}${LOCAL_OBJECTS_PREFIX}`;
  }

  objectPath(key: string): string {
    if (!KEY_PATTERN.test(key) || key.split('/').some((segment) => segment === '..' || segment === '.')) {
      throw new Error(`invalid object key ${key}`);
    }
    return path.join(this.objectsDir, ...key.split('/'));
  }

  private uploadDir(storageUploadId: string): string {
    if (!UPLOAD_ID_PATTERN.test(storageUploadId)) throw new MultipartNotFoundError(storageUploadId);
    return path.join(this.multipartDir, storageUploadId);
  }

  async createMultipart(input: { key: string; size: number; partSize: number }): Promise<string> {
    this.objectPath(input.key);
    const id = randomBytes(16).toString('hex');
    const dir = this.uploadDir(id);
    await mkdir(path.join(dir, 'parts'), { recursive: true });
    await writeFile(path.join(dir, 'data'), '');
    await truncate(path.join(dir, 'data'), input.size);
    const meta: MultipartMeta = { key: input.key, size: input.size, partSize: input.partSize };
    await writeFile(path.join(dir, 'meta.json'), JSON.stringify(meta));
    return id;
  }

  private signature(storageUploadId: string, partNumber: number, expiresAt: number): string {
    return createHmac('sha256', this.secret).update(`PUT\n${storageUploadId}\n${partNumber}\n${expiresAt}`).digest('base64url');
  }

  async signPart(input: { storageUploadId: string; partNumber: number; expiresAt: number; origin: string }): Promise<string> {
    const signature = this.signature(input.storageUploadId, input.partNumber, input.expiresAt);
    const base = this.publicUrl ?? input.origin;
    return `${base}${LOCAL_PARTS_PREFIX}${input.storageUploadId}/${input.partNumber}?expires=${input.expiresAt}&signature=${signature}`;
  }

  /** Checks a part URL's signature and expiry before a byte is read. */
  verifyPartUrl(storageUploadId: string, partNumber: number, expires: string | undefined, signature: string | undefined) {
    const expiresAt = Number(expires);
    if (!UPLOAD_ID_PATTERN.test(storageUploadId) || !Number.isSafeInteger(expiresAt) || !signature) {
      throw new PartRejectedError('signature', 'malformed part URL');
    }
    if (!signsEqual(this.signature(storageUploadId, partNumber, expiresAt), signature)) {
      throw new PartRejectedError('signature', 'bad part URL signature');
    }
    if (expiresAt < Date.now()) throw new PartRejectedError('expired', 'part URL expired');
  }

  private async readMeta(storageUploadId: string): Promise<MultipartMeta> {
    const cached = this.metaCache.get(storageUploadId);
    if (cached) return cached;
    let meta: MultipartMeta;
    try {
      meta = JSON.parse(await readFile(path.join(this.uploadDir(storageUploadId), 'meta.json'), 'utf8')) as MultipartMeta;
    } catch {
      throw new MultipartNotFoundError(storageUploadId);
    }
    if (this.metaCache.size >= 1000) this.metaCache.delete(this.metaCache.keys().next().value!);
    this.metaCache.set(storageUploadId, meta);
    return meta;
  }

  /** Size part `partNumber` must have: full parts, then whatever is left for the last one. */
  private static expectedPartSize(meta: MultipartMeta, partNumber: number): number | null {
    const count = Math.ceil(meta.size / meta.partSize);
    if (partNumber < 1 || partNumber > count) return null;
    return partNumber < count ? meta.partSize : meta.size - (count - 1) * meta.partSize;
  }

  /**
   * Streams one part from `body` to its place in the upload's file; answers its etag. The body is
   * cut off as soon as it runs past the part's size.
   */
  async writePart(storageUploadId: string, partNumber: number, body: Readable, declaredLength?: number): Promise<string> {
    const meta = await this.readMeta(storageUploadId).catch(() => {
      throw new PartRejectedError('not-found', 'no such upload');
    });
    const expected = LocalObjectStorage.expectedPartSize(meta, partNumber);
    if (expected === null) throw new PartRejectedError('size', 'part number out of range');
    if (declaredLength !== undefined && declaredLength !== expected) {
      throw new PartRejectedError('size', `part ${partNumber} must be ${expected} bytes`);
    }
    const dir = this.uploadDir(storageUploadId);
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        if (received > expected) callback(new PartRejectedError('size', `part ${partNumber} is larger than ${expected} bytes`));
        else callback(null, chunk);
      },
    });
    const out = createWriteStream(path.join(dir, 'data'), { flags: 'r+', start: (partNumber - 1) * meta.partSize });
    await pipeline(body, counter, out);
    if (received !== expected) throw new PartRejectedError('size', `part ${partNumber} must be ${expected} bytes, got ${received}`);

    const etag = randomBytes(8).toString('hex');
    const marker = path.join(dir, 'parts', String(partNumber));
    const pending = `${marker}.${etag}.tmp`;
    await writeFile(pending, `${expected} ${etag}`);
    await rename(pending, marker);
    return etag;
  }

  async listParts(_key: string, storageUploadId: string): Promise<StoredPart[]> {
    await this.readMeta(storageUploadId);
    const partsDir = path.join(this.uploadDir(storageUploadId), 'parts');
    const names = (await readdir(partsDir).catch(() => [] as string[])).filter((name) => /^\d+$/.test(name));
    const parts = await Promise.all(
      names.map(async (name): Promise<StoredPart | null> => {
        const match = /^(\d+) ([0-9a-f]+)$/.exec(await readFile(path.join(partsDir, name), 'utf8').catch(() => ''));
        return match ? { partNumber: Number(name), size: Number(match[1]), etag: match[2]! } : null;
      }),
    );
    return parts.filter((p): p is StoredPart => p !== null).sort((a, b) => a.partNumber - b.partNumber);
  }

  async completeMultipart(key: string, storageUploadId: string): Promise<void> {
    const meta = await this.readMeta(storageUploadId);
    if (meta.key !== key) throw new MultipartNotFoundError(storageUploadId);
    const target = this.objectPath(key);
    await mkdir(path.dirname(target), { recursive: true });
    const dir = this.uploadDir(storageUploadId);
    await rename(path.join(dir, 'data'), target);
    this.metaCache.delete(storageUploadId);
    await rm(dir, { recursive: true, force: true });
  }

  async abortMultipart(_key: string, storageUploadId: string): Promise<void> {
    if (!UPLOAD_ID_PATTERN.test(storageUploadId)) return;
    this.metaCache.delete(storageUploadId);
    await rm(this.uploadDir(storageUploadId), { recursive: true, force: true });
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const info = await stat(this.objectPath(key));
      return info.isFile() ? { size: info.size } : null;
    } catch {
      return null;
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const file = this.objectPath(key);
    await stat(file);
    return createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }

  async delete(key: string): Promise<void> {
    await rm(this.objectPath(key), { force: true });
  }
}
