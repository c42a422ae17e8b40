import { OUTFIT_MAX_TOTAL_BYTES } from '@vsp/contract/constants';
import type { CompressReply, CompressRequest } from '../workers/compress-protocol';
import type { PickedFile } from './read-folder';
import { runWorker } from './run-worker';

export class CompressionTooLargeError extends Error {
  constructor(readonly file: string) {
    super(`over 1 GiB at ${file}`);
    this.name = 'CompressionTooLargeError';
  }
}

/**
 * Compresses the folder's files into the deterministic outfit archive in a Web Worker. Progress
 * is the share of bytes read (0-100). Abort the signal to cancel (the worker is terminated).
 */
export function compressFolder(files: readonly PickedFile[], onProgress: (pct: number) => void, signal: AbortSignal): Promise<Blob> {
  const total = files.reduce((sum, f) => sum + f.size, 0) || 1;
  const request: CompressRequest = {
    type: 'compress',
    files: files.map(({ path, file }) => ({ path, file })),
    maxTotalBytes: OUTFIT_MAX_TOTAL_BYTES,
  };
  return runWorker<CompressRequest, CompressReply, Blob>(
    () => new Worker(new URL('../workers/compress.worker.ts', import.meta.url), { type: 'module', name: 'outfit-compression' }),
    request,
    (reply, { resolve, reject }) => {
      if (reply.type === 'progress') onProgress((reply.bytesRead / total) * 100);
      else if (reply.type === 'done') resolve(reply.archive);
      else if (reply.type === 'too-large') reject(new CompressionTooLargeError(reply.file));
      else reject(new Error(reply.detail));
    },
    signal,
  );
}
