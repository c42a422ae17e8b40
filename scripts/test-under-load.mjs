// Runs the unit project and the browser suite with busy processes beside them, as a loaded CI
// machine would (decision 0138): no test may fail because the machine is slow.
//   npm run test:under-load            two busy processes (BUSY=n for another count)
// Each busy process is a Node loop hashing on one core at normal priority; they end with this
// script (and by themselves after BUSY_MAX_MINUTES, 120 by default, should it be killed).
import { spawn } from 'node:child_process';

const busyCount = Number(process.env.BUSY ?? 2);
const maxMinutes = Number(process.env.BUSY_MAX_MINUTES ?? 120);
const spin = `
  const { createHash } = require('node:crypto');
  const end = Date.now() + ${maxMinutes} * 60_000;
  let block = Buffer.alloc(1 << 16, 1);
  while (Date.now() < end) for (let i = 0; i < 200; i++) block = Buffer.concat([createHash('sha256').update(block).digest(), block.subarray(32)]);
`;
const busy = Array.from({ length: busyCount }, () => spawn(process.execPath, ['-e', spin], { stdio: 'ignore' }));
const stopBusy = () => busy.forEach((child) => child.kill('SIGKILL'));
process.on('exit', stopBusy);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
console.log(`${busyCount} busy processes beside the tests (pids ${busy.map((c) => c.pid).join(', ')})`);

const run = (script) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', script], { stdio: 'inherit' });
    child.on('exit', (code) => resolve({ script, code: code ?? 1, seconds: Math.round((Date.now() - started) / 1000) }));
  });

const results = [];
for (const script of ['test:unit', 'build', 'test:e2e']) {
  const result = await run(script);
  results.push(result);
  if (result.code !== 0) break;
}
stopBusy();
for (const r of results) console.log(`${r.script.padEnd(10)} ${String(r.seconds).padStart(5)} s  ${r.code === 0 ? 'passed' : 'FAILED'}`);
process.exit(results.every((r) => r.code === 0) && results.length === 3 ? 0 : 1);
