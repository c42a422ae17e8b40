// Writes a brotli (quality 11) and a gzip (level 9) copy beside every script, stylesheet and other
// text file of a build, so the server sends them as they are instead of compressing the same bytes
// for every visitor (decision 0147). Usage: node scripts/precompress.mjs <dist folder>...
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** What the server sends compressed; the rest (images, fonts, audio, archives) already is. */
const TEXT = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest']);

async function* filesOf(folder) {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) yield* filesOf(file);
    }
    else if (TEXT.has(path.extname(entry.name))) yield file;
  }
}

async function precompress(file) {
  const bytes = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    gz(bytes, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
}

const folders = process.argv.slice(2);
if (folders.length === 0) throw new Error('usage: node scripts/precompress.mjs <dist folder>...');
let count = 0;
for (const folder of folders) {
  const files = [];
  for await (const file of filesOf(folder)) files.push(file);
  await Promise.all(files.map(precompress));
  count += files.length;
}
console.log(`precompressed ${count} files in ${folders.join(', ')}`);
