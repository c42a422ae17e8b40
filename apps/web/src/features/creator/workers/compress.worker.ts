/// <reference lib="webworker" />
import { ArchiveTooLargeError, writeOutfitArchive } from '@vsp/outfit-format/outfit-archive-writer';
import type { CompressReply, CompressRequest } from './compress-protocol';

/**
 * Compresses the outfit folder off the main thread. Files are read as streams and fed to the
 * streaming zip writer; output chunks are gathered into Blob parts of a few megabytes, so the
 * archive lives in the browser's Blob storage (which spills to disk) rather than in this heap.
 * The page cancels by terminating the worker.
 */

const PART_BYTES = 8 * 1024 * 1024;
const PROGRESS_EVERY_MS = 100;

const post = (message: CompressReply) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(message);

async function* fileChunks(file: File): AsyncGenerator<Uint8Array> {
  const reader = file.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

async function compress(request: CompressRequest) {
  const parts: Blob[] = [];
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const flush = () => {
    if (pending.length === 0) return;
    parts.push(new Blob(pending as BlobPart[]));
    pending = [];
    pendingBytes = 0;
  };
  let lastProgress = 0;
  const { bytesRead } = await writeOutfitArchive(
    request.files.map(({ path, file }) => ({ path, size: file.size, chunks: () => fileChunks(file) })),
    {
      maxTotalBytes: request.maxTotalBytes,
      onOutput(chunk) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes >= PART_BYTES) flush();
      },
      onProgress(read) {
        const now = performance.now();
        if (now - lastProgress >= PROGRESS_EVERY_MS) {
          lastProgress = now;
          post({ type: 'progress', bytesRead: read });
        }
      },
    },
  );
  flush();
  post({ type: 'done', archive: new Blob(parts, { type: 'application/zip' }), bytesRead });
}

self.onmessage = (event: MessageEvent<CompressRequest>) => {
  if (event.data.type !== 'compress') return;
  compress(event.data).catch((error: unknown) => {
    if (error instanceof ArchiveTooLargeError) post({ type: 'too-large', file: error.file });
    else post({ type: 'failed', detail: error instanceof Error ? error.message : String(error) });
  });
};
