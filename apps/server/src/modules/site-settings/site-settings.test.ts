import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@vsp/contract/error-codes';
import { PublicConfigSchema, type PublicConfig } from '@vsp/contract/public-config';
import type { Params } from '@vsp/contract/signing';
import { Value } from 'typebox/value';
import { databaseTargets } from '../../test/databases';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signedBody, type UserHeaders } from '../../test/upload-client';

const LINKS = {
  standard: { ios: 'https://apps.apple.com/app/new-party/id1', android: 'https://play.google.com/store/apps/details?id=new.party' },
  regional: { ios: 'https://apps.apple.com/app/new-party-me/id2', android: 'https://play.google.com/store/apps/details?id=new.party.me' },
};
const MAILBOXES = { contact: 'hello@new-party.example', service: 'care24@new-party.example' };

describe.each(databaseTargets())('site settings in the console and the page config ($name)', (db) => {
  let t: TestApp;
  let webDist: string;
  let operator: UserHeaders & { n: number };
  let player: UserHeaders & { n: number };


  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), 'vsp-web-dist-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head><!--app-config--></head><body></body></html>');
    t = await createTestApp({ database: await db.open(), env: { WEB_DIST: webDist } });
    operator = await t.signedIn('olga', 'operator');
    player = await t.signedIn('pete', 'player');
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const headersOf = (as: UserHeaders) => ({ token: as.token, uid: as.uid });
  const get = (url: string, as: UserHeaders = operator) => t.app.inject({ method: 'GET', url, query: t.sign({}), headers: headersOf(as) });
  const post = (url: string, body: Params, as: UserHeaders = operator) =>
    t.app.inject({ method: 'POST', url, payload: signedBody(t, body), headers: headersOf(as) });
  /** What the website reads at start: the JSON the server embeds in the page, as the contract describes it. */
  const pageConfig = async (url = '/') => {
    const page = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    const json = /<script id="app-config" type="application\/json">(.*?)<\/script>/.exec(page.body)?.[1];
    const config: unknown = JSON.parse(json ?? 'null');
    expect(Value.Errors(PublicConfigSchema, config)).toEqual([]);
    return config as PublicConfig;
  };

  it('starts from the deployment configuration', async () => {
    const current = (await get('/v1/console/settings/site')).json().data;
    expect(current.storeLinks.standard.ios).toBe(t.config.STORE_URL_IOS);
    expect(current.storeLinks.regional.android).toBe(t.config.STORE_URL_ANDROID_REGIONAL);
    expect(current.supportEmails).toEqual({ contact: t.config.SUPPORT_CONTACT_EMAIL, service: t.config.SUPPORT_SERVICE_EMAIL });
    const config = await pageConfig();
    expect(config.storeLinks).toEqual(current.storeLinks);
    expect(config.supportEmails).toEqual(current.supportEmails);
  });

  it('keeps the settings for operators: 403 for a player, 401 without a session', async () => {
    const asPlayer = await post('/v1/console/settings/site', { supportEmails: MAILBOXES }, player);
    expect(asPlayer.statusCode).toBe(403);
    expect(asPlayer.json().errInfo.code).toBe(Errors.Forbidden);
    expect((await get('/v1/console/settings/site', player)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/v1/console/settings/site', payload: signedBody(t, { supportEmails: MAILBOXES }) });
    expect(anonymous.statusCode).toBe(401);
    expect((await pageConfig()).supportEmails).not.toEqual(MAILBOXES);
  });

  it.each([
    ['a store link that is not http(s)', { storeLinks: { ...LINKS, standard: { ...LINKS.standard, ios: 'itms-apps://apps.apple.com/app/id1' } } }],
    ['a store link with a space', { storeLinks: { ...LINKS, regional: { ...LINKS.regional, android: 'https://play.google.com/store apps' } } }],
    ['a mailbox without a domain', { supportEmails: { ...MAILBOXES, service: 'care24@' } }],
    ['a missing mailbox', { supportEmails: { contact: MAILBOXES.contact } }],
    ['an unknown variant', { storeLinks: { ...LINKS, beta: LINKS.standard } }],
  ])('refuses %s with a localised 400 and keeps the old values', async (_name, body) => {
    const before = (await get('/v1/console/settings/site')).json().data;
    const response = await post('/v1/console/settings/site', body as Params);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 0, errInfo: { code: Errors.ValidationFailed } });
    expect((await get('/v1/console/settings/site')).json().data).toEqual(before);
  });

  it('saves store links and mailboxes, audited with before and after, and the next page load carries them', async () => {
    const before = (await get('/v1/console/settings/site')).json().data;
    const saved = await post('/v1/console/settings/site', { storeLinks: LINKS, supportEmails: MAILBOXES });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ storeLinks: LINKS, supportEmails: MAILBOXES });

    const config = await pageConfig('/udesk');
    expect(config.storeLinks).toEqual(LINKS);
    expect(config.supportEmails).toEqual(MAILBOXES);
    expect(Object.keys(config.signSecrets).length).toBeGreaterThan(0);

    const entries = (await get('/v1/console/audit')).json().data.entries as { action: string; actorUid: number; before: unknown; after: unknown }[];
    expect(entries[0]).toMatchObject({ action: 'settings.site', actorUid: operator.n, before, after: { storeLinks: LINKS, supportEmails: MAILBOXES } });

    // One group at a time leaves the other as it was.
    const mailboxOnly = { contact: MAILBOXES.contact, service: 'service-desk@new-party.example' };
    await post('/v1/console/settings/site', { supportEmails: mailboxOnly });
    expect(await pageConfig()).toMatchObject({ storeLinks: LINKS, supportEmails: mailboxOnly });
  });

  it('drives the home page iOS notice from the same switch as top-up (recharge.ios_notice.open)', async () => {
    expect((await pageConfig()).iosNoticeOpen).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/v1/recharge/status', query: t.sign({}) })).json().data.iosNotice).toBe(true);

    expect((await post('/v1/console/settings/switches', { iosNotice: false })).statusCode).toBe(200);
    expect((await pageConfig()).iosNoticeOpen).toBe(false);
    expect((await pageConfig('/recharge')).iosNoticeOpen).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/v1/recharge/status', query: t.sign({}) })).json().data.iosNotice).toBe(false);

    await post('/v1/console/settings/switches', { iosNotice: true });
    expect((await pageConfig()).iosNoticeOpen).toBe(true);
  });
});
