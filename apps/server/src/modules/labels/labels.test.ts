import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@vsp/contract/app-error';
import { Errors } from '@vsp/contract/error-codes';
import { LANGUAGE_CODES } from '@vsp/contract/language-codes';
import { LANGUAGES } from '@vsp/contract/languages';
import { LABELS } from '@vsp/labels';
import type { LabelEntry } from '@vsp/labels/label-entry';
import type { DatabaseHandle } from '../../db/database';
import { databaseTargets } from '../../test/databases';
import { createTestApp, type TestApp } from '../../test/test-app';
import { LabelsRepository } from './labels.repository';
import { LabelsService } from './labels.service';

const codeOf = (promise: Promise<unknown>) => promise.then(() => 0, (e: unknown) => (e instanceof AppError ? e.code : -1));

describe.each(databaseTargets())('label catalogue endpoints on $name', (target) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let operator: { token: string; uid: string };
  let player: { token: string; uid: string };

  beforeAll(async () => {
    handle = await target.open();
    t = await createTestApp({ database: handle });
    operator = await t.signedIn('olga', 'operator');
    player = await t.signedIn('pete', 'player');
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const consoleCall = (url: string, as: { token: string; uid: string } | undefined, payload: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: as ?? {}, payload: t.sign(payload) });
  const metaHomeVersion = async () => (await get('/language/config/config.json')).json().META_HOME_VERSION as number;

  it('publishes the config with VERSION 21, META_HOME_VERSION and every language code, unsigned, with the t query', async () => {
    const response = await get(`/language/config/config.json?t=${Date.now()}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    expect(body.VERSION).toBe(21);
    expect(Number.isInteger(body.META_HOME_VERSION) && body.META_HOME_VERSION >= 1).toBe(true);
    expect(body.codes).toEqual(LANGUAGES.map((l) => ({ code: l.value, name: l.label, browserCodes: [...l.browserCodes] })));
  });

  it('lists every label entry with key, describe and one text per language at the spec path', async () => {
    const response = await get(`/language/meta-home/label.json?t=${Date.now()}`);
    expect(response.statusCode).toBe(200);
    const list = response.json() as Record<string, string>[];
    expect(list).toHaveLength(LABELS.length);
    const entry = list.find((e) => e.key === 'error.10008')!;
    expect(Object.keys(entry).sort()).toEqual(['describe', 'key', ...LANGUAGE_CODES].sort());
    expect(entry.en).toBe('User not registered');
  });

  it('answers one language as a flat key -> text map with its version, ETag and 304', async () => {
    const response = await get('/language/meta-home/th.json?t=1');
    expect(response.statusCode).toBe(200);
    const texts = response.json() as Record<string, string>;
    expect(texts['route.home']).toBe('หน้าแรก');
    expect(Object.keys(texts)).toHaveLength(LABELS.length);
    expect(response.body).not.toContain('Home');
    expect(Number(response.headers['x-label-version'])).toBe(await metaHomeVersion());
    expect(response.headers['cache-control']).toContain('must-revalidate');
    const etag = String(response.headers.etag);
    const again = await get('/language/meta-home/th.json', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('/language/meta-home/ko.json', { 'if-none-match': etag })).statusCode).toBe(200);
  });

  it('lets a download that names the current version be cached for a year', async () => {
    const version = await metaHomeVersion();
    expect((await get(`/language/meta-home/ar.json?v=${version}`)).headers['cache-control']).toContain('immutable');
    expect((await get(`/language/meta-home/ar.json?v=${version - 1}`)).headers['cache-control']).toContain('must-revalidate');
  });

  it('answers an unknown language with the catalogue 40000 error', async () => {
    const response = await get('/language/meta-home/xx.json');
    expect(response.statusCode).toBe(400);
    expect(response.json().errInfo.code).toBe(Errors.ValidationFailed);
  });

  it('keeps the console calls for operators: 40100 without a session, 40300 for a player', async () => {
    expect((await consoleCall('/v1/console/labels/publish', undefined)).json().errInfo.code).toBe(Errors.LoginRequired);
    expect((await consoleCall('/v1/console/labels/publish', player)).json().errInfo.code).toBe(Errors.Forbidden);
    const unsigned = await t.app.inject({ method: 'POST', url: '/v1/console/labels/publish', headers: operator, payload: {} });
    expect(unsigned.json().errInfo.code).toBe(Errors.InvalidSignature);
  });

  it('shows a draft to visitors only after publishing, which bumps META_HOME_VERSION', async () => {
    const before = await metaHomeVersion();
    const set = await consoleCall('/v1/console/labels/override', operator, { key: 'route.about', lang: 'ar', text: 'من نحن (جديد)' });
    expect(set.json()).toMatchObject({ status: 1, data: { key: 'route.about', lang: 'ar', text: 'من نحن (جديد)' } });

    expect((await get('/language/meta-home/ar.json')).json()['route.about']).not.toBe('من نحن (جديد)');
    const list = await t.app.inject({ method: 'GET', url: '/v1/console/labels/overrides', headers: operator, query: t.sign() });
    expect(list.json().data).toMatchObject({ publishedVersion: before, unpublished: true, drafts: [{ key: 'route.about', lang: 'ar' }] });

    const published = await consoleCall('/v1/console/labels/publish', operator);
    expect(published.json().data).toEqual({ platform: 'meta-home', version: before + 1 });
    expect(await metaHomeVersion()).toBe(before + 1);
    const ar = await get('/language/meta-home/ar.json');
    expect(ar.json()['route.about']).toBe('من نحن (جديد)');
    expect(ar.headers['x-label-version']).toBe(String(before + 1));
    expect((await get('/language/meta-home/label.json')).json().find((e: { key: string }) => e.key === 'route.about').ar).toBe('من نحن (جديد)');
    expect((await get('/language/meta-home/en.json')).json()['route.about']).toBe('About Us');

    const after = await t.app.inject({ method: 'GET', url: '/v1/console/labels/overrides', headers: operator, query: t.sign() });
    expect(after.json().data).toMatchObject({ publishedVersion: before + 1, unpublished: false });

    expect((await consoleCall('/v1/console/labels/override/remove', operator, { key: 'route.about', lang: 'ar' })).json().data).toEqual({ removed: true });
    await consoleCall('/v1/console/labels/publish', operator);
    expect((await get('/language/meta-home/ar.json')).json()['route.about']).toBe('من نحن');
  });

  it('writes every label edit, removal and publish to the audit log with the text before and after', async () => {
    const audit = async () =>
      (await t.app.inject({ method: 'GET', url: '/v1/console/audit', headers: operator, query: t.sign({ limit: '5' }) })).json().data.entries as {
        action: string;
        target: string;
        actorUid: number;
        before: Record<string, unknown>;
        after: Record<string, unknown>;
      }[];
    await consoleCall('/v1/console/labels/override', operator, { key: 'route.udesk', lang: 'en', text: 'Help desk' });
    expect((await audit())[0]).toMatchObject({
      action: 'label.set',
      target: 'label:route.udesk:en',
      actorUid: Number(operator.uid),
      before: { text: 'Customer Service', draft: false },
      after: { text: 'Help desk', draft: true },
    });
    await consoleCall('/v1/console/labels/override', operator, { key: 'route.udesk', lang: 'en', text: 'Help centre' });
    expect((await audit())[0]).toMatchObject({ before: { text: 'Help desk', draft: true }, after: { text: 'Help centre' } });

    const version = await metaHomeVersion();
    await consoleCall('/v1/console/labels/publish', operator);
    expect((await audit())[0]).toMatchObject({
      action: 'label.publish',
      before: { version },
      after: { version: version + 1, overrides: { 'route.udesk': { en: 'Help centre' } } },
    });

    await consoleCall('/v1/console/labels/override/remove', operator, { key: 'route.udesk', lang: 'en' });
    expect((await audit())[0]).toMatchObject({ action: 'label.remove', before: { text: 'Help centre' }, after: { text: 'Customer Service', draft: false } });
    await consoleCall('/v1/console/labels/publish', operator);
  });

  it('refuses an override of an unknown key or one that loses a placeholder', async () => {
    expect((await consoleCall('/v1/console/labels/override', operator, { key: 'no.such.key', lang: 'en', text: 'x' })).json().errInfo.code).toBe(Errors.NotFound);
    const lost = await consoleCall('/v1/console/labels/override', operator, { key: 'error.42900', lang: 'ko', text: '잠시 후 다시 시도해 주세요' });
    expect(lost.json().errInfo).toMatchObject({ code: Errors.ValidationFailed, fields: [{ field: 'text', rule: 'placeholders' }] });
  });

  it('refuses a counted text that lacks a plural form its language needs or breaks its braces, and keeps a complete one (decision 0148)', async () => {
    const key = 'creator.folder.summary';
    const refused = [
      // Arabic needs zero, one, two, few, many and other.
      '· {count, plural, one {ملف واحد} other {# ملف}}، {size}',
      // The count is no longer a count.
      '· {count} ملف، {size}',
      '· {count, plural, one {ملف واحد} other {# ملف}، {size}',
    ];
    for (const text of refused) {
      const answer = await consoleCall('/v1/console/labels/override', operator, { key, lang: 'ar', text });
      expect(answer.statusCode, text).toBeLessThan(500);
      expect(answer.json().errInfo, text).toMatchObject({ code: Errors.ValidationFailed, fields: [{ field: 'text', rule: 'placeholders' }] });
    }
    const complete = '· {count, plural, zero {لا ملفات} one {ملف} two {ملفان} few {# ملفات} many {# ملفًا} other {# ملف}}، {size}';
    expect((await consoleCall('/v1/console/labels/override', operator, { key, lang: 'ar', text: complete })).json().errInfo?.code ?? 0).toBe(0);
  });
});

describe.each(databaseTargets())('label versions on $name', (target) => {
  let handle: DatabaseHandle;
  let repository: LabelsRepository;
  const releaseA: LabelEntry[] = LABELS.slice(0, 3);
  const releaseB: LabelEntry[] = [...releaseA, { ...LABELS[3]!, describe: 'a new label in the next release' }];

  beforeAll(async () => {
    handle = await target.open();
    repository = new LabelsRepository(handle.db);
  });
  afterAll(() => handle.close());

  it('publishes version 1 on an empty database, a new built-in catalogue once, and never an old one again', async () => {
    expect((await new LabelsService({ repository, base: releaseA }).published()).version).toBe(1);
    expect((await new LabelsService({ repository, base: releaseA }).published()).version).toBe(1);
    const b = new LabelsService({ repository, base: releaseB });
    expect((await b.published()).version).toBe(2);
    expect((await b.published()).version).toBe(2);
    // A process still running the older release (rolling deploy) does not flip the version back.
    expect((await new LabelsService({ repository, base: releaseA }).published()).version).toBe(2);
  });

  it('carries published overrides into the version a new release publishes', async () => {
    const a = new LabelsService({ repository, base: releaseA });
    const key = releaseA[0]!.key;
    await a.setOverride(key, 'vi', 'Văn bản mới', null);
    const version = await a.publish(null);
    const c = new LabelsService({ repository, base: [...releaseB, { ...LABELS[4]! }] });
    const published = await c.published();
    expect(published.version).toBe(version + 1);
    expect(JSON.parse(published.textsJson('vi'))[key]).toBe('Văn bản mới');
  });

  it('gives concurrent publishers distinct, consecutive versions', async () => {
    const service = new LabelsService({ repository, base: releaseA });
    const start = (await service.published()).version;
    const versions = await Promise.all(Array.from({ length: 6 }, () => service.publish(null)));
    expect([...versions].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6].map((n) => start + n));
  });

  it('refuses an empty text', async () => {
    const service = new LabelsService({ repository, base: releaseA });
    expect(await codeOf(service.setOverride(releaseA[0]!.key, 'en', '   ', null))).toBe(Errors.ValidationFailed);
  });
});
