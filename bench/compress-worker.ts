// Worker thread of bench/compress.bench.ts: runs the website's archive writer (the code its Web
// Worker runs) over files shared with the main thread, and answers bytes in, bytes out and time.
import { parentPort } from 'node:worker_threads';
import { bytesSource, writeOutfitArchive } from '@vsp/outfit-format/outfit-archive-writer';

export interface CompressJob {
  files: { path: string; buffer: SharedArrayBuffer }[];
}

parentPort!.once('message', async (job: CompressJob) => {
  const start = performance.now();
  let bytesOut = 0;
  const { bytesRead } = await writeOutfitArchive(
    // 64 KiB chunks, like a browser File stream.
    job.files.map((f) => bytesSource(f.path, new Uint8Array(f.buffer), 64 * 1024)),
    { onOutput: (chunk) => (bytesOut += chunk.length) },
  );
  parentPort!.postMessage({ bytesRead, bytesOut, ms: performance.now() - start });
});
