import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { consoleAsOperator as operatorConsole, openPage, useBrowser, viewports } from '../support/browser';
import { greenOutfitFiles, previewPixels } from '../support/preview-pixels';
import { DEMO_PASSWORD, apiRegister, loginContext } from '../support/session';

/**
 * The review queue shows a pending outfit's 3D preview (issue 10): the creator's preview scene,
 * fed from the archive the creator uploaded on /creator-platform.
 */
const folders = mkdtempSync(path.join(os.tmpdir(), 'vsp-console-outfit-'));
afterAll(() => rmSync(folders, { recursive: true, force: true }));
const run = Date.now().toString(36);

describe('outfit preview in the review queue', () => {
  const b = useBrowser();

  it('draws the submitted outfit from its stored archive, then the operator approves it', async () => {
    const creatorName = `co_${run}`;
    await apiRegister(b.baseUrl, creatorName, `${creatorName}@example.com`, 'creator-password-1');
    const creator = await b.context(viewports.desktop);
    await loginContext(creator, b.baseUrl, creatorName, 'creator-password-1');
    const { page: wizard } = await openPage(creator);
    await wizard.goto('/creator-platform');
    await wizard.getByTestId('outfit-wizard').waitFor();
    await wizard.getByRole('radio', { name: 'Womenswear', exact: true }).check();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('radio', { name: /\bXSY$/ }).check();
    await wizard.getByRole('button', { name: 'Next' }).click();
    const root = path.join(folders, 'ReviewTop');
    for (const file of greenOutfitFiles('ReviewTop')) {
      const target = path.join(folders, file.path);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, file.bytes);
    }
    await wizard.getByTestId('folder-input').setInputFiles(root);
    await expect.poll(() => wizard.getByTestId('preflight-ok').isVisible()).toBe(true);
    await wizard.getByTestId('agreement').check();
    await wizard.getByTestId('confirm').click();
    await expect.poll(() => wizard.getByTestId('wizard-complete').isVisible()).toBe(true);
    await creator.close();

    const { context, page, problems } = await operatorConsole(b, DEMO_PASSWORD);
    const card = page.getByRole('listitem').filter({ hasText: `by ${creatorName}` });
    await card.waitFor();
    // Nothing heavy loads until asked.
    expect(await card.getByTestId('outfit-preview').count()).toBe(0);
    await card.getByRole('button', { name: /^Show 3D preview of XSY #\d+$/ }).click();
    const preview = card.getByTestId('outfit-preview');
    await expect.poll(() => preview.getAttribute('data-status')).toBe('ready');
    const canvas = preview.getByRole('img', { name: /^3D preview of XSY #\d+ on the womenswear mannequin$/ });
    expect(await canvas.isVisible()).toBe(true);
    expect(await preview.getAttribute('data-mannequin')).toBe('womenswear');
    // The stored archive's texture is drawn: green on the canvas, not a white model.
    await expect.poll(async () => (await previewPixels(canvas)).green).toBeGreaterThan(0);
    const drawn = await previewPixels(canvas);
    expect(drawn.white).toBeLessThan(drawn.total);
    expect(drawn.green).toBeGreaterThan(drawn.total * 0.03);
    expect(await preview.getByTestId('preview-texture-problems').count()).toBe(0);
    // The operator stops the turntable and zooms in with the wheel: the texture fills more of the picture.
    await preview.getByRole('button', { name: 'Turn automatically', pressed: true }).click();
    await preview.getByRole('button', { name: 'Turn automatically', pressed: false }).waitFor();
    const still = (await previewPixels(canvas)).green;
    await canvas.hover();
    await page.mouse.wheel(0, -300);
    await expect.poll(async () => (await previewPixels(canvas)).green).toBeGreaterThan(still * 1.2);

    // The archive link is the stored zip itself.
    const href = await preview.getByRole('link', { name: 'Download the archive' }).getAttribute('href');
    const archive = await page.evaluate(async (url) => Array.from(new Uint8Array(await (await fetch(url!)).arrayBuffer()).slice(0, 2)), href);
    expect(archive).toEqual([0x50, 0x4b]);

    await card.getByRole('button', { name: /^Approve XSY #\d+$/ }).click();
    await page.getByRole('status').filter({ hasText: /XSY #\d+: Approved\./ }).waitFor();
    expect(problems.consoleErrors).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
    await context.close();
  });
});
