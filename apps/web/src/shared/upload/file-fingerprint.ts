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

/** SHA-256 in the browser's native code where it is offered (secure contexts), else in JavaScript. */
async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle) return bytesToHex(new Uint8Array(await subtle.digest('SHA-256', bytes)));
  return bytesToHex(sha256(bytes));
}

/**
 * Recognises the same file picked again (after a failure, a server restart or a page reload):
 * SHA-256 over its name, size and modification time and the bytes of its first and last part.
 * Two parts at most are read, so a 1 GiB file is fingerprinted as fast as a small one.
 */
export async function fingerprintFile(file: UploadSource, partSize: number): Promise<string> {
  const head = utf8ToBytes(`${file.name}\n${file.size}\n${file.lastModified}\n`);
  const first = new Uint8Array(await file.slice(0, Math.min(partSize, file.size)).arrayBuffer());
  const lastStart = Math.floor((file.size - 1) / partSize) * partSize;
  const last = file.size > partSize ? new Uint8Array(await file.slice(lastStart, file.size).arrayBuffer()) : new Uint8Array(0);
  const all = new Uint8Array(head.length + first.length + last.length);
  all.set(head);
  all.set(first, head.length);
  all.set(last, head.length + first.length);
  return sha256Hex(all);
}
