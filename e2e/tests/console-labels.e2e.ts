import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { textsFor } from '@vsp/labels';
import { axeViolations } from '../support/axe';
import { consoleAsOperator as operatorConsole, openPage, useBrowser, viewports, type PageProblems } from '../support/browser';
import { DEMO_PASSWORD } from '../support/session';

/**
 * The console's Labels, Settings and Analytics pages in a real browser (issue 10): a label an
 * operator edits and publishes shows on the website after a reload (the refresh rule of spec
 * section 4), a changed customer-service mailbox shows on /udesk, and the pages pass axe.
 */
const KEY = 'home.slide.product.title';
const BUILT_IN = textsFor('en')[KEY]!;
const run = Date.now().toString(36);


describe('console labels, settings and analytics', () => {
  const b = useBrowser();
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  async function consoleAsOperator(): Promise<{ page: Page; problems: PageProblems }> {
    const { context, page, problems } = await operatorConsole(b, DEMO_PASSWORD);
    contexts.push(context);
    return { page, problems };
  }

  async function publish(page: Page) {
    await page.getByRole('button', { name: 'Publish new version' }).click();
    await page.getByRole('status').filter({ hasText: /Version \d+ published/ }).waitFor();
  }

  it('an operator edits an English home page text, publishes, and the website shows it after a reload', async () => {
    const visitorContext = await b.context({ ...viewports.desktop, lang: 'en' });
    contexts.push(visitorContext);
    const { page: site, problems: siteProblems } = await openPage(visitorContext);
    await site.goto('/');
    const title = site.locator('h1').first();
    await expect.poll(() => title.textContent()).toBe(BUILT_IN);

    const { page, problems } = await consoleAsOperator();
    await page.getByRole('link', { name: 'Labels' }).click();
    await page.getByRole('heading', { name: 'Labels', level: 1 }).waitFor();
    await page.getByRole('searchbox', { name: 'Search keys and texts' }).fill(KEY);
    await page.getByRole('status').filter({ hasText: /^1 of \d+ keys$/ }).waitFor();
    await page.getByRole('button', { name: `Edit ${KEY}` }).click();
    const editor = page.getByRole('region', { name: `Editing ${KEY}` });
    await editor.waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('label-editor-heading');
    expect(await editor.getByRole('textbox').count()).toBe(12);

    const edited = `Meet your friends in 3D ${run}`;
    await editor.getByRole('textbox', { name: /^English/ }).fill(edited);
    await editor.getByRole('button', { name: 'Save English' }).click();
    await editor.getByText('Draft saved; publish to show it on the website.').waitFor();
    await page.getByText('There are unpublished drafts.').waitFor();

    // A draft is not live: the visitor still reads the published text.
    await site.reload();
    await expect.poll(() => title.textContent()).toBe(BUILT_IN);

    await publish(page);
    await page.getByText('Everything is published.').waitFor();
    await site.reload();
    await expect.poll(() => title.textContent()).toBe(edited);
    // The page the server sends already reads the published text, before any script runs.
    const served = async () => (await fetch(new URL('/?lang=en', b.baseUrl), { headers: { accept: 'text/html' } })).text();
    const heading = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
    // So do the texts it carries for the app to take it over with (decision 0178).
    const carried = (html: string) => (JSON.parse(/<script type="application\/json" id="page-texts">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}') as Record<string, string>)[KEY];
    const publishedPage = await served();
    expect(heading(publishedPage)).toBe(edited);
    expect(carried(publishedPage)).toBe(edited);

    // The missing-languages filter: every key of the catalogue has its 12 texts.
    await page.getByRole('searchbox', { name: 'Search keys and texts' }).fill('');
    await page.getByRole('checkbox', { name: 'Only keys missing a language' }).check();
    await page.getByText('No key lacks a language.').waitFor();
    await page.getByRole('checkbox', { name: 'Only keys missing a language' }).uncheck();
    expect(await axeViolations(page), 'labels page axe').toEqual([]);

    // Back to the built-in text, published, and the website follows again.
    await editor.getByRole('button', { name: 'Discard draft' }).click();
    await editor.getByText('Draft discarded.').waitFor();
    await publish(page);
    await site.reload();
    await expect.poll(() => title.textContent()).toBe(BUILT_IN);
    const builtPage = await served();
    expect(heading(builtPage)).toBe(BUILT_IN);
    expect(carried(builtPage)).toBe(BUILT_IN);

    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('cell', { name: 'label.publish' }).first().waitFor();
    expect(problems.consoleErrors).toEqual([]);
    expect(siteProblems.consoleErrors).toEqual([]);
  });

  it('a customer-service mailbox saved in Settings shows on /udesk; a bad store link is refused', async () => {
    const { page, problems } = await consoleAsOperator();
    await page.getByRole('link', { name: 'Settings' }).click();
    const service = page.getByRole('textbox', { name: '24-hour customer service mailbox' });
    await service.waitFor();
    const original = await service.inputValue();

    const appStore = page.getByRole('group', { name: 'Standard build' }).getByRole('textbox', { name: 'App Store link' });
    const originalLink = await appStore.inputValue();
    await appStore.fill('itms-apps://nope');
    await page.getByRole('button', { name: 'Save links and mailboxes' }).click();
    await page.getByText(/Check the highlighted fields/).waitFor();
    expect(await appStore.getAttribute('aria-invalid')).toBe('true');
    await appStore.fill(originalLink);

    const mailbox = `care-${run}@avatarparty.app`;
    await service.fill(mailbox);
    await page.getByRole('button', { name: 'Save links and mailboxes' }).click();
    await page.getByText(/Saved\. Visitors see saved values/).waitFor();
    expect(await axeViolations(page), 'settings page axe').toEqual([]);

    const visitor = await b.context({ ...viewports.desktop, lang: 'en' });
    contexts.push(visitor);
    const { page: site } = await openPage(visitor);
    await site.goto('/udesk');
    await expect.poll(() => site.getByTestId('service-mailbox').textContent()).toBe(mailbox);
    expect(await site.getByTestId('service-mailbox').getAttribute('href')).toBe(`mailto:${mailbox}`);

    await service.fill(original);
    await page.getByRole('button', { name: 'Save links and mailboxes' }).click();
    await page.getByText(/Saved\. Visitors see saved values/).waitFor();
    await site.reload();
    await expect.poll(() => site.getByTestId('service-mailbox').textContent()).toBe(original);
    expect(problems.consoleErrors).toEqual([]);
  });

  it('sets the maintenance window in Settings and clears it again (issue 14)', async () => {
    const { page, problems } = await consoleAsOperator();
    await page.getByRole('link', { name: 'Settings' }).click();
    const from = page.getByRole('textbox', { name: 'Maintenance window from' });
    const to = page.getByRole('textbox', { name: 'Maintenance window to' });
    await from.waitFor();
    const window = { from: `2026-06-01 02:00 UTC ${run}`, to: `2026-06-01 04:00 UTC ${run}` };
    /** Leaves Settings and comes back: the form loads what the server has. */
    const reopen = async () => {
      await page.getByRole('link', { name: 'Audit log' }).click();
      await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Settings' }).click();
      await page.getByRole('textbox', { name: 'Maintenance window to' }).waitFor();
    };
    await from.fill(window.from);
    await to.fill(window.to);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await reopen();
    await expect.poll(() => page.getByRole('textbox', { name: 'Maintenance window from' }).inputValue()).toBe(window.from);

    // Emptying the fields clears the window: it stays cleared when the page loads again.
    await page.getByRole('textbox', { name: 'Maintenance window from' }).fill('');
    await page.getByRole('textbox', { name: 'Maintenance window to' }).fill('');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await reopen();
    await expect.poll(() => page.getByRole('textbox', { name: 'Maintenance window from' }).inputValue()).toBe('');
    expect(await page.getByRole('textbox', { name: 'Maintenance window to' }).inputValue()).toBe('');
    expect(problems.consoleErrors).toEqual([]);
  });

  it('shows three charts per day with text summaries and data tables behind a toggle', async () => {
    const { page, problems } = await consoleAsOperator();
    await page.getByRole('link', { name: 'Analytics' }).click();
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    const charts = page.getByRole('img');
    await expect.poll(() => charts.count()).toBe(3);
    // The page views this file's visits caused are counted today.
    const pageViews = page.getByRole('img', { name: /^Page views Page views per day from .* [1-9]\d* in total/ });
    await pageViews.waitFor();
    const toggle = page.getByRole('button', { name: 'Show data table' }).first();
    await toggle.click();
    expect(await page.getByRole('button', { name: 'Hide data table' }).first().getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByRole('table', { name: 'Page views' }).getByRole('row').count()).toBe(31);
    expect(await axeViolations(page), 'analytics page axe').toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
  });
});
