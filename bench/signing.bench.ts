// Request signing in the client and the server: our portable MD5 signing (works in the browser)
// against Node's native MD5 over the same canonical string, measured in the same run.
import { createHash } from 'node:crypto';
import { canonicalString, computeSign } from '@vsp/contract/signing';
import type { BenchResult } from './run';

function opsPerSecond(fn: () => void, ms = 1500): number {
  for (let i = 0; i < 2000; i++) fn();
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
  const subject = opsPerSecond(() => computeSign(params, secret));
  const anchor = opsPerSecond(() => createHash('md5').update(`${canonicalString(params)}&secret=${secret}`).digest('hex'));
  return {
    name: 'request signing',
    subject: 'computeSign (portable MD5, the code the browser runs)',
    anchor: 'canonical string + node:crypto MD5',
    ratio: subject / anchor,
    target: '>= 0.3 (signing is never the bottleneck of a request)',
    details: { 'subject ops/s': Math.round(subject), 'anchor ops/s': Math.round(anchor) },
  };
}
