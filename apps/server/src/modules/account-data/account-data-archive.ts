import { strToU8, Zip, ZipDeflate } from 'fflate';
import { eventLoopTurn } from '../../shared/event-loop-turn';

/** The files of a data export, by path inside the archive: JSON documents and a plain-text guide. */
export type ArchiveFiles = Record<string, unknown>;

const README = `Avatar Party: your data
========================

This archive holds everything the Avatar Party platform stores about your account, as of the time
in export.json:

- profile.json                 your account: account ID, user name, e-mail, nickname, role
- sessions.json                where and when you signed in (devices), without the secret tokens
- passkeys.json                the passkeys you added: when, and when last used (not the keys)
- orders.json                  top-up and gift-pack orders made for your account
- ledger.json                  every change of your balances and backpack, with what caused it
- gift-code-redemptions.json   gift codes you redeemed
- uploads/songs.json           songs you submitted, with a link to each file
- uploads/outfits.json         outfits you submitted, with a link to each archive
- support-messages.json        messages you left for customer service with your e-mail
- parental-controls.json       your parent's link (address, limit, switches), its mailed links' dates, purchase notices
- account-deletion.json        your deletion request, if there is one

Times are ISO 8601 in UTC; prices are in minor units of their currency (cents).
`;

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
export async function buildArchive(files: ArchiveFiles, at: Date): Promise<Uint8Array> {
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
  await add('README.txt', README);
  for (const [name, content] of Object.entries(files)) {
    await eventLoopTurn();
    await add(name, `${await indentedJson(content)}\n`);
  }
  archive.end();
  if (failure) throw failure;
  const zipped = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    zipped.set(part, offset);
    offset += part.length;
  }
  return zipped;
}
