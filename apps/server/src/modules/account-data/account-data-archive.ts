import { strToU8, Zip, ZipDeflate } from 'fflate';
import { eventLoopTurn } from '../../shared/event-loop-turn';
import type { ExportFile } from '../../shared/personal-data';

/** The archive's guide: what each file holds, in the order the modules gave them. */
function readme(files: readonly ExportFile[]): string {
  const width = Math.max(...files.map((file) => file.path.length)) + 3;
  return `Avatar Party: your data
========================

This archive holds everything the Avatar Party platform stores about your account, as of the time
in export.json:

${files.map((file) => `- ${file.path.padEnd(width)}${file.about}`).join('\n')}

Times are ISO 8601 in UTC; prices are in minor units of their currency (cents).
`;
}

/** Items of a long list serialised, and bytes compressed, between two turns of the event loop (decision 0143). */
const ITEMS_PER_TURN = 500;
const BYTES_PER_TURN = 64 * 1024;

/**
 * `JSON.stringify(content, null, 2)`, a long list ITEMS_PER_TURN items at a time with a turn of the
 * event loop between: the same text, never one long serialisation.
 */
async function indentedJson(content: unknown): Promise<string> {
  if (!Array.isArray(content) || content.length <= ITEMS_PER_TURN) return JSON.stringify(content, null, 2);
  const slices: string[] = [];
  for (let from = 0; from < content.length; from += ITEMS_PER_TURN) {
    if (from > 0) await eventLoopTurn();
    // "[\n  item,\n  item\n]" without its first and last two characters: the items, indented.
    slices.push(JSON.stringify(content.slice(from, from + ITEMS_PER_TURN), null, 2).slice(2, -2));
  }
  return `[\n${slices.join(',\n')}\n]`;
}

/**
 * One zip archive of the export (decision 0134): `README.txt` and one JSON file per part, indented
 * for reading. The files are small (uploads are links, not bytes), so it is built in memory; a long
 * history (thousands of ledger entries) is serialised and compressed in steps with the event loop
 * free between them (decision 0143).
 */
export async function buildArchive(files: readonly ExportFile[], at: Date): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let failure: Error | null = null;
  const archive = new Zip((error, data) => {
    if (error) failure = error;
    else parts.push(data);
  });
  const add = async (name: string, text: string) => {
    const bytes = strToU8(text);
    const entry = new ZipDeflate(name, { level: 6 });
    entry.mtime = at;
    archive.add(entry);
    for (let from = 0; ; from += BYTES_PER_TURN) {
      const last = from + BYTES_PER_TURN >= bytes.length;
      entry.push(bytes.subarray(from, from + BYTES_PER_TURN), last);
      if (last) return;
      await eventLoopTurn();
    }
  };
  await add('README.txt', readme(files));
  for (const file of files) {
    await eventLoopTurn();
    await add(file.path, `${await indentedJson(file.content)}\n`);
  }
  archive.end();
  if (failure) throw failure;
  return Buffer.concat(parts);
}
