// Request signing in the client and the server: our portable MD5 signing (works in the browser)
// against Node's native MD5 over the same canonical string, measured in the same run. The two
// alternate in short slices and the ratio is the median of the slices' ratios, so that load from
// others on a shared machine falls on both sides alike.
import { createHash } from 'node:crypto';
import { canonicalString, computeSign } from '@vsp/contract/signing';
import type { BenchResult } from './run';
import { median } from './stats';

const SLICES = 15;
const SLICE_MS = 200;

function opsPerSecond(fn: () => void, ms: number): number {
  let count = 0;
  const start = performance.now();
  while (performance.now() - start < ms) {
    for (let i = 0; i < 200; i++) fn();
    count += 200;
  }
  return count / ((performance.now() - start) / 1000);
}

export default async function signingBench(): Promise<BenchResult> {
  const params = { userName: 'demo@example.com', passWord: 'demo12345', appId: 1004, timestamp: Date.now(), random: '123456' };
  const secret = 'bench-secret-value';
  const subjectFn = () => computeSign(params, secret);
  const anchorFn = () => createHash('md5').update(`${canonicalString(params)}&secret=${secret}`).digest('hex');
  if (subjectFn() !== anchorFn()) throw new Error('computeSign and node:crypto disagree');
  for (let i = 0; i < 5000; i++) {
    subjectFn();
    anchorFn();
  }
  const subject: number[] = [];
  const anchor: number[] = [];
  const ratios: number[] = [];
  for (let slice = 0; slice < SLICES; slice++) {
    // Alternate which goes first so neither always gets the fresher slice.
    let sub: number;
    let a: number;
    if (slice % 2 === 0) {
      sub = opsPerSecond(subjectFn, SLICE_MS);
      a = opsPerSecond(anchorFn, SLICE_MS);
    } else {
      a = opsPerSecond(anchorFn, SLICE_MS);
      sub = opsPerSecond(subjectFn, SLICE_MS);
    }
    subject.push(sub);
    anchor.push(a);
    ratios.push(sub / a);
  }
  return {
    name: 'request signing',
    subject: 'computeSign (portable MD5, the code the browser runs)',
    anchor: 'canonical string + node:crypto MD5',
    ratio: median(ratios),
    target: '>= 0.3 (signing is never the bottleneck of a request)',
    details: {
      'subject ops/s (median)': Math.round(median(subject)),
      'anchor ops/s (median)': Math.round(median(anchor)),
      slices: `${SLICES} x ${SLICE_MS} ms each, alternating; ratio = median of the slices' ratios (min ${Math.min(...ratios).toFixed(3)}, max ${Math.max(...ratios).toFixed(3)})`,
    },
  };
}
