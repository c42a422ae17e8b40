import { Readable } from 'node:stream';
import type { ObjectStorage } from '../../storage/object-storage';

/**
 * Read access to what the upload engine stored, by object key. A zip archive is checked through
 * its central directory (link flags live there), so the reader serves byte ranges as well as the
 * whole object: local disk and S3-compatible stores both do (S3: GET with a Range header).
 */
export interface ObjectReader {
  /** The object's bytes, or only `start` (inclusive) to `end` (exclusive). Rejects for an unknown key. */
  openObject(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** The object's size in bytes, or undefined when no such object exists. */
  sizeOf(key: string): Promise<number | undefined>;
}

/** The upload engine's object store as an ObjectReader (both drivers; S3 reads ranges with GET Range). */
export function storageObjectReader(storage: Pick<ObjectStorage, 'stat' | 'read'>): ObjectReader {
  return {
    async sizeOf(key) {
      return (await storage.stat(key))?.size;
    },
    async openObject(key, range) {
      if (range && range.end <= range.start) return Readable.from([]);
      // The storage range is inclusive; the reader's end is exclusive.
      return storage.read(key, range ? { start: range.start, end: range.end - 1 } : undefined);
    },
  };
}
