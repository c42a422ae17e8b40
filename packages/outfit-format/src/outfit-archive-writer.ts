import { Zip, ZipDeflate } from 'fflate';
import { OUTFIT_MAX_TOTAL_BYTES } from '@vsp/contract/constants';
import { sortEntries } from './outfit-folder';

/**
 * The outfit archive format, shared by the website's compression worker, the server's tests and
 * the benchmark: a zip written as a stream (fflate), entries in code-unit order of their paths,
 * every timestamp 1980-01-01 00:00, no extra fields, DEFLATE at a fixed level. The same folder
 * therefore always gives the same bytes, so an upload interrupted by a failure or a reload is
 * recognised and resumed when the creator drops the same folder again. See docs/decisions/0051.
 */

/** DEFLATE level of the archive: the fast end (see decision 0051); part of the format, never varied. */
export const ARCHIVE_DEFLATE_LEVEL = 1;

/** Every entry's modification time: the earliest a zip can hold, in local time like DOS dates. */
export const ARCHIVE_MTIME = new Date(1980, 0, 1, 0, 0, 0);

/**
 * Input is fed to DEFLATE in blocks of exactly this size (the last one shorter), whatever chunks
 * the browser's file stream happens to deliver: streaming DEFLATE output depends on where input
 * pushes end, so fixed blocks keep the archive byte-identical run after run.
 */
export const ARCHIVE_BLOCK_BYTES = 256 * 1024;

/** Re-cuts a stream of chunks of any size into blocks of `size` bytes (the last may be shorter). */
export async function* fixedBlocks(chunks: AsyncIterable<Uint8Array>, size = ARCHIVE_BLOCK_BYTES): AsyncGenerator<Uint8Array> {
  let block = new Uint8Array(size);
  let filled = 0;
  for await (const chunk of chunks) {
    let at = 0;
    while (at < chunk.length) {
      const take = Math.min(size - filled, chunk.length - at);
      block.set(chunk.subarray(at, at + take), filled);
      filled += take;
      at += take;
      if (filled === size) {
        yield block;
        block = new Uint8Array(size);
        filled = 0;
      }
    }
  }
  if (filled > 0) yield block.subarray(0, filled);
}

export interface ArchiveSource {
  /** Path inside the archive (the folder's name first, forward slashes). */
  readonly path: string;
  readonly size: number;
  /** The file's bytes, in chunks of any size. */
  chunks(): AsyncIterable<Uint8Array>;
}

export interface ArchiveWriteOptions {
  /** Receives the archive, chunk by chunk, in order. */
  onOutput(chunk: Uint8Array): void;
  /** Bytes of the sources read so far. */
  onProgress?(bytesRead: number): void;
  signal?: AbortSignal;
  maxTotalBytes?: number;
}

/** Thrown when the files read are over the size limit (the website shows 'upload.fail_message_2'). */
export class ArchiveTooLargeError extends Error {
  constructor(readonly file: string) {
    super(`archive over the size limit at ${file}`);
    this.name = 'ArchiveTooLargeError';
  }
}

/**
 * Writes the sources as one zip, streaming: only the chunk being compressed is held, output goes
 * to `onOutput` as it is produced. Answers how many bytes were read and written.
 */
export async function writeOutfitArchive(
  sources: readonly ArchiveSource[],
  options: ArchiveWriteOptions,
): Promise<{ bytesRead: number; bytesWritten: number }> {
  const maxTotalBytes = options.maxTotalBytes ?? OUTFIT_MAX_TOTAL_BYTES;
  let bytesRead = 0;
  let bytesWritten = 0;
  let failure: Error | undefined;
  let finished = false;

  const zip = new Zip((error, chunk, final) => {
    if (error) {
      failure = error;
      return;
    }
    bytesWritten += chunk.length;
    options.onOutput(chunk);
    if (final) finished = true;
  });

  try {
    for (const source of sortEntries(sources)) {
      const entry = new ZipDeflate(source.path, { level: ARCHIVE_DEFLATE_LEVEL });
      entry.mtime = ARCHIVE_MTIME;
      zip.add(entry);
      for await (const chunk of fixedBlocks(source.chunks())) {
        options.signal?.throwIfAborted();
        bytesRead += chunk.length;
        if (bytesRead > maxTotalBytes) throw new ArchiveTooLargeError(source.path);
        entry.push(chunk);
        if (failure) throw failure;
        options.onProgress?.(bytesRead);
      }
      entry.push(new Uint8Array(0), true);
      if (failure) throw failure;
    }
    zip.end();
  } catch (error) {
    zip.terminate();
    throw error;
  }
  if (failure) throw failure;
  if (!finished) throw new Error('the zip stream did not finish');
  return { bytesRead, bytesWritten };
}

/** Chunks of an in-memory file (tests and benchmarks). */
export function bytesSource(path: string, bytes: Uint8Array, chunkSize = 1 << 20): ArchiveSource {
  return {
    path,
    size: bytes.length,
    async *chunks() {
      for (let at = 0; at < bytes.length; at += chunkSize) yield bytes.subarray(at, Math.min(bytes.length, at + chunkSize));
    },
  };
}
