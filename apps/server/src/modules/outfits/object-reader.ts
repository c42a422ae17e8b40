import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { isSafeRelativePath } from '@vsp/outfit-format/outfit-folder';

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

/** Objects as files under one folder (the embedded shape's `DATA_DIR/objects`). */
export class LocalFolderObjectReader implements ObjectReader {
  constructor(private readonly root: string) {}

  private fileOf(key: string): string | undefined {
    return isSafeRelativePath(key) && !key.endsWith('/') ? path.join(this.root, key) : undefined;
  }

  async sizeOf(key: string): Promise<number | undefined> {
    const file = this.fileOf(key);
    if (!file) return undefined;
    try {
      const info = await stat(file);
      return info.isFile() ? info.size : undefined;
    } catch {
      return undefined;
    }
  }

  async openObject(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const file = this.fileOf(key);
    if (!file || (await this.sizeOf(key)) === undefined) throw new Error(`no object ${key}`);
    if (range && range.end <= range.start) return Readable.from([]);
    return createReadStream(file, range ? { start: range.start, end: range.end - 1 } : {});
  }
}

/** The upload engine's object store as an ObjectReader (both drivers; S3 reads ranges with GET Range). */
export function storageObjectReader(storage: {
  stat(key: string): Promise<{ size: number } | null>;
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
}): ObjectReader {
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
