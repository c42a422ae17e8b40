import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getTableColumns, type Table } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Params } from '@vsp/contract/signing';
import { bytesSource, writeOutfitArchive } from '@vsp/outfit-format/outfit-archive-writer';
import { validOutfitFiles } from '@vsp/outfit-format/testing';
import type { DatabaseHandle } from '../../db/database';
import { musicSubmissions } from '../music/music.schema';
import { outfitSubmissions } from '../outfits/outfits.schema';
import { makeMp3 } from '../../test/audio-fixtures';
import { databaseTargets } from '../../test/databases';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signedBody, uploadClient, type UserHeaders } from '../../test/upload-client';

const DAY = 86_400_000;
const MINUTE = 60_000;
// A test server whose clock was moved 31 days ahead (decision 0135): the database's own clock was not.
const MOVED = Math.floor(Date.now() / 1000) * 1000 + 31 * DAY;

/** Every timestamp column of a table, found from its schema (a new one is covered without editing this test). */
const timestampColumns = (table: Table) =>
  Object.values(getTableColumns(table))
    .filter((column) => column.columnType === 'PgTimestamp')
    .map((column) => column.name);

async function archiveOf(root: string): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  await writeOutfitArchive(
    validOutfitFiles(root).map((f) => bytesSource(f.path, f.bytes, 4096)),
    { onOutput: (c) => chunks.push(c) },
  );
  return Buffer.concat(chunks);
}

/**
 * Issue 31: with the clock moved, a submission filed now is stamped now, its history follows the
 * moved clock, and the console's "waiting" is counted from the server's own now (its answer's `now`).
 */
describe.each(databaseTargets())('submissions on a moved clock on $name', (target) => {
  let t: TestApp;
  let database: DatabaseHandle;
  let dataDir: string;
  let now = MOVED;
  let operator: UserHeaders & { n: number };
  let creator: UserHeaders & { n: number };
  let counter = 0;

  const headersOf = (as: UserHeaders) => ({ token: as.token, uid: as.uid });
  const get = (url: string, as: UserHeaders = operator) => t.app.inject({ method: 'GET', url, query: t.sign({}), headers: headersOf(as) });
  const post = (url: string, body: Params, as: UserHeaders = operator) => t.app.inject({ method: 'POST', url, payload: signedBody(t, body, now), headers: headersOf(as) });
  const storeArchive = async (bytes: Uint8Array) => {
    const key = `outfit/${creator.n}/archive-${++counter}.zip`;
    mkdirSync(path.join(dataDir, 'objects', 'outfit', String(creator.n)), { recursive: true });
    writeFileSync(path.join(dataDir, 'objects', key), bytes);
    return key;
  };
  const submitOutfit = async (bytes: Uint8Array, extra: Params = {}) =>
    post('/v1/creator/outfit/submit', { gender: 'menswear', componentType: 'TMZ', objectKey: await storeArchive(bytes), agreement: true, ...extra }, creator);
  const submitSong = async (extra: Params = {}) => {
    const uploaded = await uploadClient(t, creator, () => now).upload(makeMp3(700_000, `Song ${++counter}`), 'song.mp3');
    return post('/v1/music/submit', { songName: `Song ${counter}`, singer: 'Nova', language: 'en', uploadId: uploaded.uploadId, agreed: true, ...extra }, creator);
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'vsp-clock-'));
    database = await target.open();
    t = await createTestApp({ database, env: { DATA_DIR: dataDir }, now: () => now });
    operator = await t.signedIn('rita', 'operator');
    creator = await t.signedIn('cora', 'player');
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stamps every submission, claim and decision with the server clock, and the console counts waiting from it', async () => {
    const song = (await submitSong()).json().data;
    const outfit = (await submitOutfit(await archiveOf('Look'))).json().data;
    expect((await submitOutfit(new Uint8Array([1, 2, 3, 4]))).statusCode).toBe(422);

    now = MOVED + 10 * MINUTE;
    const queue = (await get('/v1/console/review/queue')).json().data;
    expect(queue.now).toBe(now);
    for (const item of [...queue.music, ...queue.outfits]) expect(queue.now - item.createdAt).toBe(10 * MINUTE);

    now = MOVED + 20 * MINUTE;
    await post('/v1/console/review/music', { id: song.id, decision: 'rejected', category: 'copyright' });
    await post('/v1/console/review/outfit', { id: outfit.id, decision: 'rejected', category: 'broken_model' });
    now = MOVED + 30 * MINUTE;
    expect((await submitSong({ resubmitOf: song.id })).statusCode).toBe(200);
    expect((await submitOutfit(await archiveOf('Fixed'), { resubmitOf: outfit.id })).statusCode).toBe(200);

    // The histories the creator reads: in order, each on the moved clock.
    const songs = (await get('/v1/music/list', creator)).json().data.list as { id: number; timeline: { event: string; at: number }[] }[];
    const outfits = (await get('/v1/creator/outfit/list', creator)).json().data.items as { id: number; timeline: { event: string; at: number }[] }[];
    expect(songs.find((s) => s.id === song.id)!.timeline).toEqual([
      { event: 'submitted', at: MOVED },
      { event: 'in_review', at: MOVED + 20 * MINUTE },
      { event: 'rejected', at: MOVED + 20 * MINUTE },
      { event: 'resubmitted', at: MOVED + 30 * MINUTE },
    ]);
    expect(outfits.find((o) => o.id === outfit.id)!.timeline.map((e) => e.at)).toEqual([MOVED, MOVED + 20 * MINUTE, MOVED + 20 * MINUTE, MOVED + 30 * MINUTE]);

    // Every stamp of every stored submission, whatever columns the tables grow, reads the moved clock.
    for (const table of [musicSubmissions, outfitSubmissions]) {
      const rows = await database.db.select().from(table);
      expect(rows.length).toBeGreaterThanOrEqual(2);
      const columns = timestampColumns(table);
      expect(columns).toContain('created_at');
      for (const row of rows) {
        for (const [key, column] of Object.entries(getTableColumns(table))) {
          if (!columns.includes(column.name)) continue;
          const stamp = (row as Record<string, unknown>)[key];
          if (stamp === null) continue;
          expect({ table: column.name, at: (stamp as Date).getTime() >= MOVED }).toEqual({ table: column.name, at: true });
        }
      }
    }
  });
});
