import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeMp3 } from '../../apps/server/src/test/audio-fixtures';
import { consoleAsOperator as operatorConsole, openPage, useBrowser, viewports, type PageProblems } from '../support/browser';
import { DEMO_UID, OPERATOR_UID, balanceOf, openExchange } from '../support/recharge';
import { DEMO_PASSWORD, apiRegister, loginContext } from '../support/session';

/**
 * The operator console in a real browser (issue 10): an operator logs in at /console, approves a
 * song a player uploaded on /music (the player's table then says Approved) and blocks a player
 * (their next guarded navigation on the website ends with the blocked text); a gift campaign created
 * in the console is redeemable on /exchange and its unique codes export as CSV.
 */
const folder = mkdtempSync(path.join(os.tmpdir(), 'vsp-console-e2e-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Failed calls a test provokes (a blocked user's 403) show as failed resources; anything else is a defect. */
const unexpectedConsoleErrors = (problems: PageProblems) =>
  problems.consoleErrors.filter((text) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(text));

const run = Date.now().toString(36);

describe('operator console', () => {
  const b = useBrowser();

  const consoleAsOperator = () => operatorConsole(b, DEMO_PASSWORD);

  it('refuses a player account at the console login', async () => {
    const context = await b.context(viewports.desktop);
    const { page } = await openPage(context);
    await page.goto('/console/');
    await page.getByLabel('E-mail or user name').fill('demo');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').filter({ hasText: 'This account is not an operator account.' }).waitFor();
    await context.close();
  });

  it('approves a pending song the player uploaded; the player’s table shows it approved', async () => {
    const singer = `cs_${run}`;
    await apiRegister(b.baseUrl, singer, `${singer}@example.com`, 'singer-password-1');
    const player = await b.context(viewports.desktop);
    await loginContext(player, b.baseUrl, singer, 'singer-password-1');
    const { page: music } = await openPage(player);
    await music.goto('/music');
    await music.getByRole('heading', { name: 'Upload Music', level: 1 }).waitFor();
    const songName = `Song ${run}`;
    const file = path.join(folder, 'console-song.mp3');
    writeFileSync(file, makeMp3(700_000, songName));
    await music.locator('input[type=file]').setInputFiles(file);
    await expect.poll(() => music.getByTestId('upload-item').getAttribute('data-state')).toBe('uploaded');
    await music.getByLabel('Song name').fill(songName);
    await music.getByLabel('Singer').fill('Nova');
    await music.getByLabel('Music language').selectOption('en');
    await music.getByLabel('I have read and agree to the').check();
    await music.getByRole('button', { name: 'Submit' }).click();
    const row = music.getByTestId('music-table').getByRole('row', { name: new RegExp(songName) });
    await expect.poll(() => music.getByTestId('toast').allTextContents()).toContain('Uploaded successfully, your song is waiting for review');
    await expect.poll(async () => (await row.count()) ? await row.textContent() : '').toContain('Uploaded, under review');

    const { context, page, problems } = await consoleAsOperator();
    const card = page.getByRole('listitem', { name: songName });
    await card.waitFor();
    expect(await card.textContent()).toContain(`by ${singer}`);
    const audio = card.locator('audio');
    const source = await audio.getAttribute('src');
    expect(source).toBeTruthy();
    expect((await fetch(new URL(source!, b.baseUrl))).status).toBe(200);

    await card.getByRole('button', { name: `Reject ${songName}` }).click();
    await page.getByText('Choose the rejection category the creator will see.').waitFor();
    await card.getByRole('button', { name: `Approve ${songName}` }).click();
    await page.getByText(`${songName}: Approved.`).waitFor();
    await expect.poll(() => card.count()).toBe(0);
    expect(problems.consoleErrors).toEqual([]);
    expect(problems.failedRequests).toEqual([]);

    await music.reload();
    await expect.poll(async () => (await row.count()) ? await row.textContent() : '').toContain('Approved');
    await context.close();
    await player.close();
  });

  it('blocks a player; their next guarded navigation ends with the blocked text, and unblocks', async () => {
    const name = `cb_${run}`;
    const victim = await apiRegister(b.baseUrl, name, `${name}@example.com`, 'victim-password-1');
    const player = await b.context(viewports.desktop);
    await loginContext(player, b.baseUrl, name, 'victim-password-1');
    const { page: site, problems: siteProblems } = await openPage(player);
    await site.goto('/music');
    await site.getByRole('heading', { name: 'Upload Music', level: 1 }).waitFor();

    const { context, page, problems } = await consoleAsOperator();
    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByLabel('Account ID, user name or e-mail').fill(String(victim.uid));
    await page.getByRole('button', { name: 'Search' }).click();
    const userRow = page.getByRole('row', { name: new RegExp(name) });
    await userRow.waitFor();
    await userRow.getByRole('button', { name: 'Block' }).click();
    await page.getByText(`${name} is blocked.`).waitFor();
    expect(await userRow.textContent()).toContain('Blocked');

    await site.evaluate(() => {
      window.history.pushState(null, '', '/upload');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect.poll(() => site.getByTestId('toast').filter({ hasText: 'This account has been blocked' }).count()).toBeGreaterThan(0);
    await expect.poll(() => new URL(site.url()).pathname).toBe('/login');
    expect(unexpectedConsoleErrors(siteProblems)).toEqual([]);

    await userRow.getByRole('button', { name: 'Unblock' }).click();
    await page.getByText(`${name} is unblocked.`).waitFor();
    expect(problems.consoleErrors).toEqual([]);
    await context.close();
    await player.close();
  });

  it('creates a shared-code campaign that redeems on /exchange, and exports unique codes as CSV', async () => {
    const { context, page, problems } = await consoleAsOperator();
    await page.getByRole('link', { name: 'Gift campaigns' }).click();
    await page.getByRole('heading', { name: 'Gift campaigns', level: 1 }).waitFor();
    const code = `CONSOLE-${run}`;
    await page.getByLabel('Name', { exact: true }).fill(`Console pack ${run}`);
    await page.getByLabel('Reward').selectOption('gold_coins');
    await page.getByLabel('Quantity').fill('7');
    await page.getByLabel('Total claims allowed').fill('5');
    await page.getByLabel('Shared code', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await page.getByText(`Campaign Console pack ${run} created.`).waitFor();
    const sharedRow = page.getByRole('row', { name: new RegExp(`Console pack ${run}`) });
    await sharedRow.waitFor();
    expect(await sharedRow.textContent()).toContain('0 / 5');

    await page.getByLabel('Name', { exact: true }).fill(`Console codes ${run}`);
    await page.getByLabel('Unique single-use codes').check();
    await page.getByLabel('How many codes').fill('3');
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await page.getByText(`Campaign Console codes ${run} created.`).waitFor();
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: `Export CSV Console codes ${run}` }).click();
    const csvFile = await (await downloaded).path();
    const lines = readFileSync(csvFile, 'utf8').trim().split(/\r\n/);
    expect(lines[0]).toBe('code,used_by');
    expect(lines).toHaveLength(4);
    expect(new Set(lines.slice(1)).size).toBe(3);
    expect(problems.consoleErrors).toEqual([]);
    expect(problems.failedRequests).toEqual([]);

    await page.getByRole('link', { name: 'Audit log' }).click();
    const auditRow = page.getByRole('row', { name: new RegExp(`campaign\\.create.*Console codes ${run}`) });
    await auditRow.waitFor();
    expect(await auditRow.textContent()).toContain(String(OPERATOR_UID));
    await page.getByRole('link', { name: 'Gift campaigns' }).click();

    const before = await balanceOf(b.baseUrl, 'demo', 'gold_coins');
    const visitor = await b.context(viewports.phone);
    const { page: exchange } = await openPage(visitor);
    await openExchange(exchange, DEMO_UID);
    await exchange.getByTestId('gift-code-input').fill(code);
    await exchange.getByTestId('exchange-confirm').click();
    await exchange.getByTestId('exchange-success').waitFor();
    expect(await balanceOf(b.baseUrl, 'demo', 'gold_coins')).toBe(before + 7);

    await page.reload();
    await expect.poll(async () => (await sharedRow.count()) ? await sharedRow.textContent() : '').toContain('1 / 5');
    await visitor.close();
    await context.close();
  });
});
