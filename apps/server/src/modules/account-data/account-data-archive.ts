import { strToU8, zipSync, type Zippable } from 'fflate';

/** The files of a data export, by path inside the archive: JSON documents and a plain-text guide. */
export type ArchiveFiles = Record<string, unknown>;

const README = `Avatar Party: your data
========================

This archive holds everything the Avatar Party platform stores about your account, as of the time
in export.json:

- profile.json                 your account: account ID, user name, e-mail, nickname, role
- sessions.json                where and when you signed in (devices), without the secret tokens
- orders.json                  top-up and gift-pack orders made for your account
- ledger.json                  every change of your balances and backpack, with what caused it
- gift-code-redemptions.json   gift codes you redeemed
- uploads/songs.json           songs you submitted, with a link to each file
- uploads/outfits.json         outfits you submitted, with a link to each archive
- support-messages.json        messages you left for customer service with your e-mail
- account-deletion.json        your deletion request, if there is one

Times are ISO 8601 in UTC; prices are in minor units of their currency (cents).
`;

/**
 * One zip archive of the export (decision 0134): `README.txt` and one JSON file per part, indented
 * for reading. The files are small (uploads are links, not bytes), so it is built in memory.
 */
export function buildArchive(files: ArchiveFiles, at: Date): Uint8Array {
  const zippable: Zippable = { 'README.txt': strToU8(README) };
  for (const [name, content] of Object.entries(files)) zippable[name] = strToU8(`${JSON.stringify(content, null, 2)}\n`);
  return zipSync(zippable, { level: 6, mtime: at });
}
