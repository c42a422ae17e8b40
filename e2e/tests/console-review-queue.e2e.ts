import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCli } from '../support/admin-cli';
import { consoleAsOperator, openPage, useBrowser, viewports } from '../support/browser';
import { chooseOutfitKind, outfitFolders, submitOutfitFolder } from '../support/outfit-wizard';
import { startServer, type RunningServer } from '../support/server-process';
import { DEMO_PASSWORD, loginContext } from '../support/session';

/**
 * Issue 20, the review queue for a team: two operators in two browsers claim the same outfit at
 * the same moment (one with the button, one with the C shortcut) and exactly one gets it, which
 * both then see; one decision rejects several selected outfits, and the creator sees each rejected
 * with the category. Its own server: a second operator is created with the admin CLI.
 */
let server: RunningServer;
const folders = outfitFolders('vsp-review-queue');
beforeAll(async () => {
  server = await startServer();
  const created = await runAdminCli(server.dataDir, ['create-user', '--user-name', 'op_two', '--email', 'op-two@example.com', '--password', 'op-two-pass-1', '--role', 'operator']);
  expect(created.code, created.stderr).toBe(0);
});
afterAll(async () => {
  await server?.stop();
  folders.cleanup();
});

/** Submits `count` hats as the demo creator; answers their queue labels (TMZ #id) and resource IDs. */
async function submitHats(page: Page, count: number): Promise<{ label: string; resourceId: string }[]> {
  const out: { label: string; resourceId: string }[] = [];
  for (let i = 0; i < count; i++) {
    await chooseOutfitKind(page, 'Menswear', 'TMZ');
    const resourceId = await submitOutfitFolder(page, folders.make(`Hat${i}`), out.map((o) => o.resourceId));
    out.push({ label: `TMZ #${Number(resourceId.slice(-6))}`, resourceId });
  }
  return out;
}

describe('the review queue for a team', () => {
  const b = useBrowser();

  it('gives an outfit claimed by two operators at once to exactly one, and both see who has it; one decision rejects several', async () => {
    const creator = await b.context({ ...viewports.desktop, baseURL: server.baseUrl });
    await loginContext(creator, server.baseUrl, 'demo');
    const { page: site } = await openPage(creator);
    await site.goto('/creator-platform');
    await site.getByTestId('outfit-wizard').waitFor();
    const [contested, first, second] = await submitHats(site, 3);

    const one = await consoleAsOperator(b, DEMO_PASSWORD, { baseURL: server.baseUrl });
    const two = await consoleAsOperator(b, 'op-two-pass-1', { userName: 'op_two', baseURL: server.baseUrl });
    expect(await one.page.getByTestId('oldest-waiting').textContent()).toMatch(/^Oldest waiting: \d+ min$/);
    const cardOne = one.page.getByRole('listitem', { name: contested!.label });
    const cardTwo = two.page.getByRole('listitem', { name: contested!.label });
    await cardOne.waitFor();
    await cardTwo.waitFor();
    await cardTwo.focus();
    await Promise.all([cardOne.getByRole('button', { name: `Claim ${contested!.label}` }).click(), cardTwo.press('c')]);

    const claimed = `${contested!.label}: claimed.`;
    const refused = 'Failed: Another operator is reviewing this item';
    await expect.poll(async () => [await one.page.getByText(claimed).count(), await two.page.getByText(claimed).count()].sort().join()).toBe('0,1');
    const winner = (await one.page.getByText(claimed).count()) ? one : two;
    const loser = winner === one ? two : one;
    const winnerName = winner === one ? 'operator' : 'op_two';
    await loser.page.getByText(refused).waitFor();
    const winnerCard = winner.page.getByRole('listitem', { name: contested!.label });
    const loserCard = loser.page.getByRole('listitem', { name: contested!.label });
    await expect.poll(() => winnerCard.getByTestId('claim').textContent()).toMatch(/In review by you until \d\d:\d\d/);
    await expect.poll(() => loserCard.getByTestId('claim').textContent()).toContain(`In review by ${winnerName} until`);
    expect(await loserCard.getByRole('button', { name: `Claim ${contested!.label}` }).isDisabled()).toBe(true);

    // One decision for three selected outfits (the filters narrow the queue to hats); the one the
    // other operator holds is skipped, and the outcome says which and why (issue 31).
    const ops = loser.page;
    await ops.getByLabel('Component type').selectOption('TMZ');
    await ops.getByLabel(`Select ${contested!.label}`).check();
    await ops.getByLabel(`Select ${first!.label}`).check();
    await ops.getByLabel(`Select ${second!.label}`).check();
    const bulk = ops.getByTestId('bulk-bar');
    expect(await bulk.textContent()).toContain('3 selected');
    await bulk.getByRole('button', { name: 'Reject selected' }).click();
    await ops.getByText('Choose the rejection category the creator will see.').waitFor();
    await bulk.getByLabel('Rejection category').selectOption('texture_too_large');
    await bulk.getByLabel('Note to the creator').fill('Please use 512 px textures');
    await bulk.getByRole('button', { name: 'Reject selected' }).click();
    await ops.getByText(`2 decided, 1 skipped: ${contested!.label} (in review by ${winnerName}).`).waitFor();
    expect(await ops.getByRole('listitem', { name: contested!.label }).count()).toBe(1);
    await expect.poll(() => ops.getByRole('listitem', { name: first!.label }).count()).toBe(0);
    await expect.poll(() => ops.getByRole('listitem', { name: second!.label }).count()).toBe(0);

    await site.reload();
    for (const { resourceId } of [first!, second!]) {
      const row = site.locator(`[data-testid="outfit-row"][data-resource-id="${resourceId}"]`);
      await expect.poll(async () => ((await row.count()) ? await row.textContent() : '')).toContain('Texture too large or not a power of two');
      expect(await row.textContent()).toContain('Reviewer note: Please use 512 px textures');
    }

    expect(one.problems.consoleErrors.filter((e) => !/status of 409/.test(e))).toEqual([]);
    expect(two.problems.consoleErrors.filter((e) => !/status of 409/.test(e))).toEqual([]);
    await Promise.all([one.context.close(), two.context.close(), creator.close()]);
  });
});
