import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { consoleReviewMusicPath } from '@vsp/contract/endpoints/console';
import { listMusicPath } from '@vsp/contract/endpoints/music';
import { makeMp3 } from '../../apps/server/src/test/audio-fixtures';
import { consoleAsOperator, openPage, useBrowser, viewports } from '../support/browser';
import { chooseOutfitKind, outfitFolders, submitOutfitFolder } from '../support/outfit-wizard';
import { DEMO_PASSWORD, apiClient, apiLogin, apiRegister, loginContext } from '../support/session';

/**
 * Issue 20, reasons that say how to fix: an operator rejects an outfit in the console with a
 * category and a note; the creator reads the category, the note and the fix in English and in
 * Arabic (right to left), resubmits it from the rejected row without starting over, and the
 * rejected row's history then says it was resubmitted. The same for a song on /music.
 */
const folders = outfitFolders('vsp-creator-review');
const songs = mkdtempSync(path.join(os.tmpdir(), 'vsp-creator-review-songs-'));
afterAll(() => {
  folders.cleanup();
  rmSync(songs, { recursive: true, force: true });
});

const run = Date.now().toString(36);

describe('review reasons the creator can act on', () => {
  const b = useBrowser();

  it('shows an outfit rejected for too many triangles with its fix in en and ar, and resubmits it linked', async () => {
    const name = `cr_${run}`;
    await apiRegister(b.baseUrl, name, `${name}@example.com`, 'creator-password-1');
    const creator = await b.context(viewports.desktop);
    await loginContext(creator, b.baseUrl, name, 'creator-password-1');
    const { page, problems } = await openPage(creator);
    await page.goto('/creator-platform');
    await page.getByTestId('outfit-wizard').waitFor();
    await chooseOutfitKind(page, 'Menswear', 'TMZ');
    const resourceId = await submitOutfitFolder(page, folders.make('RedHat'));
    expect(resourceId).toMatch(/^MTMZ\d{6}$/);
    const label = `TMZ #${Number(resourceId.slice(-6))}`;

    const operator = await consoleAsOperator(b, DEMO_PASSWORD);
    const card = operator.page.getByRole('listitem', { name: label });
    await card.waitFor();
    await card.getByRole('button', { name: `Reject ${label}` }).click();
    await operator.page.getByText('Choose the rejection category the creator will see.').waitFor();
    await card.getByLabel('Rejection category').selectOption('too_many_triangles');
    await card.getByLabel('Note to the creator').fill('The brim alone has 9000 triangles');
    await card.getByRole('button', { name: `Reject ${label}` }).click();
    await operator.page.getByText(`${label}: Rejected.`).waitFor();
    await expect.poll(() => card.count()).toBe(0);
    expect(operator.problems.consoleErrors).toEqual([]);
    await operator.context.close();

    await page.reload();
    const row = page.locator(`[data-testid="outfit-row"][data-resource-id="${resourceId}"]`);
    await expect.poll(async () => ((await row.count()) ? await row.textContent() : '')).toContain('Too many triangles');
    const english = await row.textContent();
    expect(english).toContain('Reviewer note: The brim alone has 9000 triangles');
    expect(english).toContain('How to fix it');
    expect(english).toContain('Lower the triangle count in your 3D tool');
    await row.getByText('History').click();
    expect(await row.locator('[data-testid="submission-timeline"] li').evaluateAll((items) => items.map((li) => li.getAttribute('data-event')))).toEqual(['submitted', 'in_review', 'rejected']);

    await page.evaluate(() => localStorage.setItem('lang', 'ar'));
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect.poll(async () => ((await row.count()) ? await row.textContent() : '')).toContain('عدد المثلثات كبير جدًا');
    const arabic = await row.textContent();
    expect(arabic).toContain('ملاحظة المراجع: The brim alone has 9000 triangles');
    expect(arabic).toContain('طريقة الإصلاح');
    expect(arabic).toContain('قلّل عدد المثلثات');

    await row.getByRole('button', { name: `إعادة الإرسال ${resourceId}` }).click();
    const notice = page.getByTestId('resubmit-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(resourceId);
    expect(await page.getByTestId('outfit-wizard').getAttribute('data-step')).toBe('3');
    const fixedId = await submitOutfitFolder(page, folders.make('RedHatFixed'), [resourceId]);
    expect(fixedId).toMatch(/^MTMZ\d{6}$/);
    await expect.poll(() => notice.count()).toBe(0);

    await expect.poll(() => row.locator('[data-event="resubmitted"]').count()).toBe(1);
    expect(await row.getByRole('button', { name: `إعادة الإرسال ${resourceId}` }).count()).toBe(0);
    const fixedRow = page.locator(`[data-testid="outfit-row"][data-resource-id="${fixedId}"]`);
    await fixedRow.waitFor();
    expect(await fixedRow.textContent()).toContain('بانتظار المراجعة');
    // The resubmission names the rejected one it replaces (issue 31), in Arabic, the ID kept whole.
    expect(await fixedRow.getByTestId('replaces').textContent()).toBe(`بديل عن \u2068${resourceId}\u2069 الذي رُفض`);

    // The reviewer reads the same: which rejected outfit this one replaces, and why it was rejected.
    const reviewer = await consoleAsOperator(b, DEMO_PASSWORD);
    const fixedCard = reviewer.page.getByRole('listitem', { name: `TMZ #${Number(fixedId.slice(-6))}` });
    await fixedCard.waitFor();
    expect(await fixedCard.textContent()).toContain(`resubmission of ${resourceId} (rejected: Too many triangles)`);
    await reviewer.context.close();
    expect(problems.consoleErrors).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
    await creator.close();
  });

  it('shows a song rejected for copyright with its fix, and resubmits it with the form filled in', async () => {
    const name = `cs_${run}`;
    await apiRegister(b.baseUrl, name, `${name}@example.com`, 'singer-password-1');
    const context = await b.context(viewports.desktop);
    const session = await loginContext(context, b.baseUrl, name, 'singer-password-1');
    const { page, problems } = await openPage(context);
    await page.goto('/music');
    await page.getByRole('heading', { name: 'Upload Music', level: 1 }).waitFor();
    const songName = `Cover ${run}`;
    const upload = async (file: string) => {
      writeFileSync(file, makeMp3(700_000, path.basename(file)));
      await page.locator('input[type=file]').setInputFiles(file);
      await expect.poll(() => page.getByTestId('upload-item').getAttribute('data-state')).toBe('uploaded');
      await page.getByLabel('I have read and agree to the').check();
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
    };
    await page.getByLabel('Song name').fill(songName);
    await page.getByLabel('Singer').fill('Nova');
    await page.getByLabel('Music language').selectOption('en');
    await upload(path.join(songs, 'cover.mp3'));
    const rows = page.locator(`[data-testid="music-row"][data-song="${songName}"]`);
    await expect.poll(() => rows.count()).toBe(1);

    const { list } = await apiClient(b.baseUrl, session).get(listMusicPath, { query: {} });
    const id = list.find((song) => song.songName === songName)!.id;
    const operator = apiClient(b.baseUrl, await apiLogin(b.baseUrl, 'operator'));
    await operator.post(consoleReviewMusicPath, { body: { id, decision: 'rejected', category: 'copyright', reason: 'A commercial recording' } });

    await page.reload();
    await expect.poll(async () => ((await rows.count()) ? await rows.first().textContent() : '')).toContain('Copyright');
    const text = await rows.first().textContent();
    expect(text).toContain('Reviewer note: A commercial recording');
    expect(text).toContain('Use only your own work');

    await page.getByRole('button', { name: `Resubmit ${songName}` }).click();
    await page.getByTestId('resubmit-notice').waitFor();
    expect(await page.getByLabel('Song name').inputValue()).toBe(songName);
    expect(await page.getByLabel('Music language').inputValue()).toBe('en');
    await upload(path.join(songs, 'own-recording.mp3'));
    await expect.poll(() => rows.count()).toBe(2);
    await expect.poll(() => page.getByTestId('resubmit-notice').count()).toBe(0);
    expect(await rows.filter({ has: page.locator('[data-event="resubmitted"]') }).count()).toBe(1);
    expect(await rows.getByTestId('replaces').allTextContents()).toEqual([`Replaces \u2068${songName}\u2069, which was rejected`]);
    expect(await page.getByRole('button', { name: `Resubmit ${songName}` }).count()).toBe(0);
    expect(problems.consoleErrors).toEqual([]);
    await context.close();
  });
});
