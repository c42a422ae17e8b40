import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** What the engine needs of a file: a browser File, or any Blob with a name and a date. */
export interface UploadSource {
  readonly name: string;
  readonly size: number;
  readonly lastModified: number;
  readonly type: string;
  slice(start?: number, end?: number): Blob;
}

/**
 * Recognises the same file picked again (after a failure, a server restart or a page reload):
 * SHA-256 over its name, size and modification time and the bytes of its first and last part.
 * Two parts at most are read, so a 1 GiB file is fingerprinted as fast as a small one.
 */
export async function fingerprintFile(file: UploadSource, partSize: number): Promise<string> {
  const hash = sha256.create();
  hash.update(utf8ToBytes(`${file.name}\n${file.size}\n${file.lastModified}\n`));
  hash.update(new Uint8Array(await file.slice(0, Math.min(partSize, file.size)).arrayBuffer()));
  if (file.size > partSize) {
    const lastStart = Math.floor((file.size - 1) / partSize) * partSize;
    hash.update(new Uint8Array(await file.slice(lastStart, file.size).arrayBuffer()));
  }
  return bytesToHex(hash.digest());
}
