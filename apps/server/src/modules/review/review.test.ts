import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@vsp/contract/error-codes';
import type { Params } from '@vsp/contract/signing';
import { bytesSource, writeOutfitArchive } from '@vsp/outfit-format/outfit-archive-writer';
import { validOutfitFiles } from '@vsp/outfit-format/testing';
import { makeMp3 } from '../../test/audio-fixtures';
import { databaseTargets } from '../../test/databases';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signedBody, uploadClient, type UserHeaders } from '../../test/upload-client';

// Near the real time: the local store checks its presigned part URLs against the wall clock.
const START = Math.floor(Date.now() / 1000) * 1000;
const MINUTE = 60_000;

async function archiveOf(root: string): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  await writeOutfitArchive(
    validOutfitFiles(root).map((f) => bytesSource(f.path, f.bytes, 4096)),
    { onOutput: (c) => chunks.push(c) },
  );
  return Buffer.concat(chunks);
}

/**
 * Issue 20, part 1: a rejection names a category from the fixed list and may carry a note; the
 * creator resubmits, linked to the rejected submission, once; each submission has a timeline.
 */
describe.each(databaseTargets())('review reasons and resubmission on $name', (target) => {
  let t: TestApp;
  let dataDir: string;
  let now = START;
  let operator: UserHeaders & { n: number };
  let creator: UserHeaders & { n: number };
  let stranger: UserHeaders & { n: number };
  let counter = 0;


  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'vsp-review-'));
    t = await createTestApp({ database: await target.open(), env: { DATA_DIR: dataDir }, now: () => now });
    operator = await t.signedIn('rita', 'operator');
    creator = await t.signedIn('cora', 'player');
    stranger = await t.signedIn('sam', 'player');
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const headersOf = (as: UserHeaders) => ({ token: as.token, uid: as.uid });
  const get = (url: string, query: Record<string, string | number> = {}, as: UserHeaders = operator) =>
    t.app.inject({ method: 'GET', url, query: t.sign(query), headers: headersOf(as) });
  const post = (url: string, body: Params, as: UserHeaders = operator) =>
    t.app.inject({ method: 'POST', url, payload: signedBody(t, body, now), headers: headersOf(as) });

  const storeArchive = async (owner: UserHeaders & { n: number }) => {
    const key = `outfit/${owner.n}/archive-${++counter}.zip`;
    mkdirSync(path.join(dataDir, 'objects', 'outfit', String(owner.n)), { recursive: true });
    writeFileSync(path.join(dataDir, 'objects', key), await archiveOf(`Look${counter}`));
    return key;
  };
  const submitOutfit = async (extra: Params = {}, as = creator) =>
    post('/v1/creator/outfit/submit', { gender: 'menswear', componentType: 'TMZ', objectKey: await storeArchive(as), agreement: true, ...extra }, as);
  const myOutfits = async (as = creator) => (await get('/v1/creator/outfit/list', {}, as)).json().data.items as { id: number; [k: string]: unknown }[];
  const submitSong = async (extra: Params = {}, as = creator) => {
    const uploaded = await uploadClient(t, as, () => now).upload(makeMp3(700_000, `Song ${++counter}`), 'song.mp3');
    return post('/v1/music/submit', { songName: `Song ${counter}`, singer: 'Nova', language: 'en', uploadId: uploaded.uploadId, agreed: true, ...extra }, as);
  };
  const mySongs = async (as = creator) => (await get('/v1/music/list', {}, as)).json().data.list as { id: number; [k: string]: unknown }[];

  // A decision takes the item for its reviewer first (decision 0132): the timeline shows in_review then.
  it('rejects an outfit with a category and a note, and the creator reads both with a timeline', async () => {
    const filed = (await submitOutfit()).json().data;
    expect(filed).toMatchObject({ reviewState: 'pending', reviewCategory: null, resubmitOf: null, resubmittedAs: null, timeline: [{ event: 'submitted' }] });

    now = START + 30 * MINUTE;
    const rejected = await post('/v1/console/review/outfit', { id: filed.id, decision: 'rejected', category: 'too_many_triangles', reason: 'The brim alone is 9 000 triangles' });
    expect(rejected.json().data).toEqual({ id: filed.id, state: 'rejected', category: 'too_many_triangles', reason: 'The brim alone is 9 000 triangles' });

    const row = (await myOutfits()).find((i) => i.id === filed.id);
    expect(row).toMatchObject({ reviewState: 'rejected', reviewCategory: 'too_many_triangles', reviewReason: 'The brim alone is 9 000 triangles' });
    expect(row!.timeline).toEqual([
      { event: 'submitted', at: expect.any(Number) },
      { event: 'in_review', at: START + 30 * MINUTE },
      { event: 'rejected', at: START + 30 * MINUTE },
    ]);

    const noteless = (await submitOutfit()).json().data;
    await post('/v1/console/review/outfit', { id: noteless.id, decision: 'rejected', category: 'copyright', reason: '   ' });
    expect((await myOutfits()).find((i) => i.id === noteless.id)).toMatchObject({ reviewCategory: 'copyright', reviewReason: null });
  });

  it('links an outfit resubmission to the rejected one, once, for its owner only', async () => {
    const filed = (await submitOutfit()).json().data;
    const pending = await submitOutfit({ resubmitOf: filed.id });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().errInfo.code).toBe(Errors.SubmissionNotResubmittable);

    now = START + 60 * MINUTE;
    await post('/v1/console/review/outfit', { id: filed.id, decision: 'rejected', category: 'wrong_component_type' });
    const strangers = await submitOutfit({ resubmitOf: filed.id }, stranger);
    expect(strangers.json().errInfo.code).toBe(Errors.SubmissionNotResubmittable);

    now = START + 90 * MINUTE;
    const again = await submitOutfit({ resubmitOf: filed.id, componentType: 'TTS' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ componentType: 'TTS', reviewState: 'pending', resubmitOf: filed.id, timeline: [{ event: 'submitted' }] });

    const original = (await myOutfits()).find((i) => i.id === filed.id)!;
    expect(original).toMatchObject({ resubmittedAs: again.json().data.id });
    expect(original.timeline).toEqual([
      { event: 'submitted', at: expect.any(Number) },
      { event: 'in_review', at: START + 60 * MINUTE },
      { event: 'rejected', at: START + 60 * MINUTE },
      { event: 'resubmitted', at: expect.any(Number) },
    ]);

    const twice = await submitOutfit({ resubmitOf: filed.id });
    expect(twice.json().errInfo.code).toBe(Errors.SubmissionNotResubmittable);
    expect((await myOutfits()).filter((i) => i.resubmitOf === filed.id)).toHaveLength(1);
  });

  it('lets one of two concurrent resubmissions of the same rejection win', async () => {
    const filed = (await submitOutfit()).json().data;
    await post('/v1/console/review/outfit', { id: filed.id, decision: 'rejected', category: 'broken_model' });
    const [a, b] = await Promise.all([submitOutfit({ resubmitOf: filed.id }), submitOutfit({ resubmitOf: filed.id })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await myOutfits()).filter((i) => i.resubmitOf === filed.id)).toHaveLength(1);
  });

  it('approves with neither category nor note, and the timeline says so', async () => {
    const filed = (await submitOutfit()).json().data;
    now = START + 120 * MINUTE;
    const approved = await post('/v1/console/review/outfit', { id: filed.id, decision: 'approved', category: 'copyright', reason: 'ignored' });
    expect(approved.json().data).toEqual({ id: filed.id, state: 'approved', category: null, reason: null });
    const row = (await myOutfits()).find((i) => i.id === filed.id)!;
    expect(row.timeline).toEqual([
      { event: 'submitted', at: expect.any(Number) },
      { event: 'in_review', at: START + 120 * MINUTE },
      { event: 'approved', at: START + 120 * MINUTE },
    ]);
    expect((await submitOutfit({ resubmitOf: filed.id })).json().errInfo.code).toBe(Errors.SubmissionNotResubmittable);
  });

  it('rejects a song only with a category that fits a song, and the creator resubmits it once', async () => {
    const song = (await submitSong()).json().data;
    expect(song).toMatchObject({ status: 'pending', category: null, reason: null, resubmitOf: null, timeline: [{ event: 'submitted' }] });

    const triangles = await post('/v1/console/review/music', { id: song.id, decision: 'rejected', category: 'too_many_triangles' });
    expect(triangles.statusCode).toBe(400);
    expect(triangles.json().errInfo).toMatchObject({ code: Errors.ValidationFailed, fields: [{ field: 'category', rule: 'enum' }] });
    expect((await post('/v1/console/review/music', { id: song.id, decision: 'rejected' })).json().errInfo.fields).toEqual([{ field: 'category', rule: 'required' }]);

    now = START + 150 * MINUTE;
    const rejected = await post('/v1/console/review/music', { id: song.id, decision: 'rejected', category: 'copyright', reason: 'A commercial recording' });
    expect(rejected.json().data).toEqual({ id: song.id, state: 'rejected', category: 'copyright', reason: 'A commercial recording' });
    expect((await mySongs()).find((s) => s.id === song.id)).toMatchObject({ status: 'rejected', category: 'copyright', reason: 'A commercial recording' });

    expect((await submitSong({ resubmitOf: song.id }, stranger)).json().errInfo.code).toBe(Errors.SubmissionNotResubmittable);
    now = START + 160 * MINUTE;
    const again = await submitSong({ resubmitOf: song.id });
    expect(again.json().data).toMatchObject({ status: 'pending', resubmitOf: song.id });
    expect((await submitSong({ resubmitOf: song.id })).json().errInfo.code).toBe(Errors.SubmissionNotResubmittable);

    const original = (await mySongs()).find((s) => s.id === song.id)!;
    expect(original).toMatchObject({ resubmittedAs: again.json().data.id });
    expect(original.timeline).toEqual([
      { event: 'submitted', at: expect.any(Number) },
      { event: 'in_review', at: START + 150 * MINUTE },
      { event: 'rejected', at: START + 150 * MINUTE },
      { event: 'resubmitted', at: expect.any(Number) },
    ]);
  });

  // Issue 31: a resubmitted row names the rejected item it replaces and why it was rejected, in the
  // creator's lists, in the submit answer and in the console's queue.
  it('names the rejected song and outfit a resubmission replaces, for the creator and the reviewer', async () => {
    const song = (await submitSong()).json().data;
    const outfit = (await submitOutfit()).json().data;
    await post('/v1/console/review/music', { id: song.id, decision: 'rejected', category: 'copyright', reason: 'A commercial recording' });
    await post('/v1/console/review/outfit', { id: outfit.id, decision: 'rejected', category: 'broken_model' });
    const songAgain = (await submitSong({ resubmitOf: song.id })).json().data;
    const outfitAgain = (await submitOutfit({ resubmitOf: outfit.id })).json().data;

    const songReplaces = { id: song.id, name: song.songName, category: 'copyright', reason: 'A commercial recording' };
    const outfitReplaces = { id: outfit.id, name: outfit.resourceId, category: 'broken_model', reason: null };
    expect(songAgain.replaces).toEqual(songReplaces);
    expect(outfitAgain.replaces).toEqual(outfitReplaces);
    expect((await mySongs()).find((s) => s.id === songAgain.id)!.replaces).toEqual(songReplaces);
    expect((await mySongs()).find((s) => s.id === song.id)!.replaces).toBeNull();
    expect((await myOutfits()).find((o) => o.id === outfitAgain.id)!.replaces).toEqual(outfitReplaces);

    const first = (await submitOutfit()).json().data;
    const queue = (await get('/v1/console/review/queue')).json().data;
    expect(queue.music.find((m: { id: number }) => m.id === songAgain.id).replaces).toEqual(songReplaces);
    expect(queue.outfits.find((o: { id: number }) => o.id === outfitAgain.id).replaces).toEqual(outfitReplaces);
    expect(queue.outfits.find((o: { id: number }) => o.id === first.id).replaces).toBeNull();
  });

  it('audits each decision with the category and the note', async () => {
    const filed = (await submitOutfit()).json().data;
    await post('/v1/console/review/outfit', { id: filed.id, decision: 'rejected', category: 'texture_too_large', reason: 'Use 512 px' });
    const [entry] = (await get('/v1/console/audit')).json().data.entries;
    expect(entry).toMatchObject({
      actorUid: operator.n,
      action: 'outfit.reject',
      target: `outfit:${filed.id}`,
      before: { state: 'pending', category: null, reason: null },
      after: { state: 'rejected', category: 'texture_too_large', reason: 'Use 512 px' },
    });
  });
});
