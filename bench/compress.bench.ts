// Compression of a generated 200 MB outfit folder: the website's streaming archive writer (fflate)
// in a worker thread, as its Web Worker runs it, against JSZip on the same files in the same run.
// Also the longest main-thread stall (event-loop delay) while each runs: the worker keeps the main
// thread free, JSZip (which has no worker mode) runs on it.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import JSZip from 'jszip';
import { binaryFbx, writeTgaHeader } from '@vsp/outfit-format/testing';
import type { BenchResult } from './run';

const MB = 1024 * 1024;
const TARGET_BYTES = 200 * MB;
const TEXTURE_SIDE = 1024;

/**
 * A 32-bit TGA like a painted texture: smooth gradients and shapes with a little grain, which
 * DEFLATE shrinks to about half or a third, as it does real textures.
 */
function texture(seed: number): Uint8Array {
  const side = TEXTURE_SIDE;
  const bytes = writeTgaHeader(new Uint8Array(new SharedArrayBuffer(18 + side * side * 4)), side, side, 32);
  let state = seed * 2654435761;
  let at = 18;
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      const grain = (state >>> 28) - 8;
      const stripe = ((x + seed * 37) >> 5) & 1 ? 24 : 0;
      const blob = (x - 512) ** 2 + (y - 400) ** 2 < 90_000 ? 60 : 0;
      bytes[at++] = Math.max(0, Math.min(255, ((x * 200) >> 10) + grain + stripe));
      bytes[at++] = Math.max(0, Math.min(255, ((y * 180) >> 10) + grain + blob));
      bytes[at++] = Math.max(0, Math.min(255, 90 + ((seed * 13) & 63) + grain));
      bytes[at++] = 255;
    }
  }
  return bytes;
}

function shared(bytes: Uint8Array): Uint8Array {
  const copy = new Uint8Array(new SharedArrayBuffer(bytes.length));
  copy.set(bytes);
  return copy;
}

/** One outfit folder: a few models (the garment and its levels of detail) and textures up to 200 MB. */
function outfitFolder(): { path: string; bytes: Uint8Array }[] {
  const files = [
    { path: 'Bench/Models/coat.fbx', bytes: shared(binaryFbx({ segments: 96, rows: 48, textures: ['coat_D.tga'] })) },
    { path: 'Bench/Models/coat_lod1.fbx', bytes: shared(binaryFbx({ segments: 48, rows: 24 })) },
    { path: 'Bench/Models/coat_lod2.fbx', bytes: shared(binaryFbx({ segments: 24, rows: 12 })) },
  ];
  let total = files.reduce((sum, f) => sum + f.bytes.length, 0);
  for (let i = 0; total < TARGET_BYTES; i++) {
    const bytes = texture(i + 1);
    files.push({ path: `Bench/Textures/coat_${String(i).padStart(2, '0')}.tga`, bytes });
    total += bytes.length;
  }
  return files;
}

interface Run {
  ms: number;
  bytesIn: number;
  bytesOut: number;
  maxStallMs: number;
  p99StallMs: number;
}

async function measured(work: () => Promise<{ bytesIn: number; bytesOut: number }>): Promise<Run> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const start = performance.now();
  const { bytesIn, bytesOut } = await work();
  const ms = performance.now() - start;
  histogram.disable();
  return { ms, bytesIn, bytesOut, maxStallMs: histogram.max / 1e6, p99StallMs: histogram.percentile(99) / 1e6 };
}

/** The worker's code, bundled once (Node 20 workers cannot load TypeScript through tsx). */
let workerCode: Promise<string> | undefined;
function bundledWorker(): Promise<string> {
  workerCode ??= build({
    entryPoints: [new URL('./compress-worker.ts', import.meta.url).pathname],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    logLevel: 'warning',
  }).then((result) => result.outputFiles[0]!.text);
  return workerCode;
}

function fflateInWorker(files: { path: string; bytes: Uint8Array }[], code: string) {
  return measured(
    () =>
      new Promise((resolve, reject) => {
        const worker = new Worker(code, { eval: true });
        worker.once('message', (result: { bytesRead: number; bytesOut: number }) => {
          void worker.terminate();
          resolve({ bytesIn: result.bytesRead, bytesOut: result.bytesOut });
        });
        worker.once('error', reject);
        worker.postMessage({ files: files.map((f) => ({ path: f.path, buffer: f.bytes.buffer as SharedArrayBuffer })) });
      }),
  );
}

function jszip(files: { path: string; bytes: Uint8Array }[], level: number) {
  return measured(async () => {
    const zip = new JSZip();
    for (const f of files) zip.file(f.path, f.bytes, { date: new Date(1980, 0, 1) });
    const out = await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level } });
    return { bytesIn: files.reduce((sum, f) => sum + f.bytes.length, 0), bytesOut: out.length };
  });
}

const mbps = (run: Run) => run.bytesIn / MB / (run.ms / 1000);
const round = (n: number, digits = 1) => Number(n.toFixed(digits));

export default async function compressBench(): Promise<BenchResult> {
  const files = outfitFolder();
  const code = await bundledWorker();
  // Warm both code paths on a small part so that neither pays for its first compile in the timing.
  await fflateInWorker(files.slice(0, 4), code);
  await jszip(files.slice(0, 4), 6);

  const subject = await fflateInWorker(files, code);
  const anchor = await jszip(files, 6);
  const sameLevel = await jszip(files, 1);
  return {
    name: 'outfit folder compression (200 MB)',
    subject: 'website archive writer: fflate streaming zip, DEFLATE level 1, in a worker thread',
    anchor: 'JSZip generateAsync, DEFLATE at its usual level 6, same files, same run',
    ratio: mbps(subject) / mbps(anchor),
    target: '>= 3, and the main thread never stalls over 50 ms while the worker compresses',
    details: {
      'files': files.length,
      'folder MB': round(subject.bytesIn / MB),
      'subject MB/s': round(mbps(subject)),
      'anchor MB/s': round(mbps(anchor)),
      'subject archive / folder': round(subject.bytesOut / subject.bytesIn, 3),
      'anchor archive / folder': round(anchor.bytesOut / anchor.bytesIn, 3),
      'subject longest main-thread stall ms': round(subject.maxStallMs),
      'subject p99 main-thread stall ms': round(subject.p99StallMs),
      'anchor longest main-thread stall ms': round(anchor.maxStallMs),
      'JSZip at level 1 MB/s (same level as the subject)': round(mbps(sameLevel)),
      'ratio against JSZip at level 1': round(mbps(subject) / mbps(sameLevel), 2),
    },
  };
}
