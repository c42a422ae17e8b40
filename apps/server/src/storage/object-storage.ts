import type { Readable } from 'node:stream';
import type { StoredPart } from '@vsp/contract/endpoints/uploads';

/**
 * Object storage behind the upload protocol (DESIGN.md section 6). Both drivers speak the same
 * presigned multipart protocol, so the browser has one code path: it PUTs each part to a URL the
 * API signed and never streams a file through the API in the scale-out shape.
 */
/**
 * How stored objects may be cached, by either driver. A player's upload is erased with the player
 * (decision 0140): no shared cache keeps it, and a browser that holds a copy asks again each time
 * (a 304 while it exists, a 404 once erased).
 */
export const OBJECT_CACHE_CONTROL = 'private, no-cache';

export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /** Bytes per part: the spec's 1 024 000, raised to the store's minimum (decision 0042). */
  readonly partSize: number;
  /** Public base URL of stored objects (`cdnUrl`); `origin` is the request's own origin. */
  publicBaseUrl(origin: string): string;
  /**
   * Starts a multipart upload of `size` bytes under `key`; answers the store's upload id. The
   * content type and disposition are what the object is later served with (decision 0085).
   */
  createMultipart(input: { key: string; size: number; partSize: number; contentType: string; contentDisposition: 'inline' | 'attachment' }): Promise<string>;
  /** A URL that accepts one PUT of one part until `expiresAt` (ms). */
  signPart(input: { key: string; storageUploadId: string; partNumber: number; expiresAt: number; origin: string }): Promise<string>;
  /** The parts the store holds, in part-number order. */
  listParts(key: string, storageUploadId: string): Promise<StoredPart[]>;
  /** Assembles the given parts into the object. */
  completeMultipart(key: string, storageUploadId: string, parts: readonly StoredPart[]): Promise<void>;
  /** Drops an unfinished upload and its parts; a missing upload is not an error. */
  abortMultipart(key: string, storageUploadId: string): Promise<void>;
  /** Size of a stored object, or null when there is none. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Streams an object (or the inclusive byte range of it). */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  delete(key: string): Promise<void>;
}

/** The store's multipart upload is gone (aborted elsewhere, expired by a lifecycle rule). */
export class MultipartNotFoundError extends Error {
  constructor(storageUploadId: string) {
    super(`multipart upload ${storageUploadId} not found`);
    this.name = 'MultipartNotFoundError';
  }
}
