// Runs every bench/*.bench.ts (or those named on the command line) in turn. Each benchmark measures
// its subject and its anchor in the same run and prints the ratio; results go to bench/.results/.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface BenchResult {
  name: string;
  subject: string;
  anchor: string;
  /** subject / anchor, in the unit each names (higher is better unless `lowerIsBetter`). */
  ratio: number;
  target?: string;
  details: Record<string, number | string>;
}

const dir = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)));

const results: BenchResult[] = [];
for (const file of files) {
  const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { default: () => Promise<BenchResult | BenchResult[]> };
  const answered = await mod.default();
  // A benchmark may measure more than one thing against its own anchor.
  for (const result of Array.isArray(answered) ? answered : [answered]) {
    results.push(result);
    console.log(`\n${result.name}\n  subject: ${result.subject}\n  anchor:  ${result.anchor}\n  ratio:   ${result.ratio.toFixed(3)}${result.target ? `  (target ${result.target})` : ''}`);
    for (const [key, value] of Object.entries(result.details)) console.log(`  ${key}: ${value}`);
  }
}
mkdirSync(path.join(dir, '.results'), { recursive: true });
writeFileSync(path.join(dir, '.results', 'latest.json'), JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
