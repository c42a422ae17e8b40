import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@vsp/contract/error-codes';
import { makeMp3, makeWav, mp3Seconds } from '../../test/audio-fixtures';
import { databaseTargets } from '../../test/databases';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loginHeaders, signedBody, uploadClient, type UserHeaders } from '../../test/upload-client';
import { MusicRepository } from './music.repository';

describe.each(databaseTargets())('music submissions ($name)', (db) => {
  let t: TestApp;
  let carol: UserHeaders;
  let repository: MusicRepository;

  beforeAll(async () => {
    const database = await db.open();
    t = await createTestApp({ database });
    repository = new MusicRepository(database.db);
    carol = await loginHeaders(t, 'carol');
  });
  afterAll(() => t?.close());

  const submit = (uploadId: string, fields: Record<string, unknown> = {}, headers = carol) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/music/submit',
      payload: signedBody(t, { songName: 'Moonlight', singer: 'Nova', language: 'en', uploadId, agreed: true, ...fields }),
      headers,
    });
  const list = (query: Record<string, string | number> = {}) =>
    t.app.inject({ method: 'GET', url: '/v1/music/list', query: t.sign(query), headers: carol });

  it('accepts a real MP3 within the bounds and files it for review', async () => {
    const mp3 = makeMp3(700_000, 'Moonlight');
    const uploaded = await uploadClient(t, carol).upload(mp3, 'moonlight.mp3');
    const response = await submit(uploaded.uploadId);
    expect(response.statusCode).toBe(200);
    const item = response.json().data;
    expect(item).toMatchObject({ songName: 'Moonlight', singer: 'Nova', language: 'en', size: mp3.length, status: 'pending', reason: null });
    expect(item.durationSeconds).toBeCloseTo(mp3Seconds(700_000, 'Moonlight'), 1);
    expect(item.url).toBe(uploaded.url);

    const page = (await list()).json().data;
    expect(page).toMatchObject({ total: 1, page: 1, pageSize: 10 });
    expect(page.list[0].id).toBe(item.id);

    const again = await submit(uploaded.uploadId);
    expect(again.statusCode).toBe(409);
    expect(again.json().errInfo.code).toBe(Errors.UploadAlreadySubmitted);
  });

  it('refuses a renamed file with the format message and deletes what arrived', async () => {
    const uploaded = await uploadClient(t, carol).upload(makeWav(700_000), 'renamed.mp3');
    const response = await submit(uploaded.uploadId);
    expect(response.statusCode).toBe(415);
    expect(response.json().errInfo).toMatchObject({ code: Errors.FileNotMp3, message: 'The file format does not match, only MP3 format is supported' });
    const gone = await t.app.inject({ method: 'GET', url: new URL(uploaded.url).pathname });
    expect(gone.statusCode).toBe(404);
    expect((await submit(uploaded.uploadId)).json().errInfo.code).toBe(Errors.UploadNotFound);
  });

  it('refuses a song of 512 KB or less, and one longer than an hour', async () => {
    const small = await uploadClient(t, carol).upload(makeMp3(512 * 1024, 'Small'), 'small.mp3');
    expect((await submit(small.uploadId)).json().errInfo.code).toBe(Errors.FileSizeOutOfRange);

    const long = makeMp3(20 * 1024 * 1024, 'Long', 32);
    expect(mp3Seconds(long.length, 'Long', 32)).toBeGreaterThan(3600);
    const uploaded = await uploadClient(t, carol).upload(long, 'long.mp3');
    expect((await submit(uploaded.uploadId)).json().errInfo.code).toBe(Errors.SongDurationOutOfRange);
  });

  it('checks the form: names up to 20 characters, a known language, the agreement ticked', async () => {
    const uploaded = await uploadClient(t, carol).upload(makeMp3(600_000, 'Form'), 'form.mp3');
    for (const fields of [{ songName: 'x'.repeat(21) }, { singer: 'y'.repeat(21) }, { songName: '   ' }, { language: 'xx' }, { agreed: false }]) {
      const response = await submit(uploaded.uploadId, fields);
      expect(response.json().errInfo.code, JSON.stringify(fields)).toBe(Errors.ValidationFailed);
    }
    const twenty = await submit(uploaded.uploadId, { songName: '月'.repeat(20), singer: '🎤'.repeat(20) });
    expect(twenty.statusCode).toBe(200);
  });

  it("never submits another user's upload and lists only one's own songs", async () => {
    const dave = await loginHeaders(t, 'dave');
    const uploaded = await uploadClient(t, carol).upload(makeMp3(600_000, 'Mine'), 'mine.mp3');
    expect((await submit(uploaded.uploadId, {}, dave)).json().errInfo.code).toBe(Errors.UploadNotFound);
    const davesList = await t.app.inject({ method: 'GET', url: '/v1/music/list', query: t.sign(), headers: dave });
    expect(davesList.json().data.total).toBe(0);
  });

  it('shows the review outcome with the reason of a rejection, and pages newest first', async () => {
    const first = (await list({ page: 1, pageSize: 2 })).json().data;
    expect(first.list).toHaveLength(2);
    expect(first.total).toBeGreaterThanOrEqual(2);
    const newest = first.list[0];
    await repository.review(newest.id, { state: 'rejected', reason: 'Copyrighted recording', reviewedBy: Number(carol.uid), at: new Date() });
    const after = (await list({ page: 1, pageSize: 2 })).json().data.list[0];
    expect(after).toMatchObject({ id: newest.id, status: 'rejected', reason: 'Copyrighted recording' });
    const second = (await list({ page: 2, pageSize: 1 })).json().data;
    expect(second.list[0].id).toBe(first.list[1].id);
  });
});
