import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleSiteSettingsPath } from '@vsp/contract/endpoints/site-settings';
import { consoleOrderRefundPath } from '@vsp/contract/endpoints/console-operations';
import { accountDeletionCancelPath, accountDeletionRequestPath } from '@vsp/contract/endpoints/account-data';
import { requestPasswordResetPath } from '@vsp/contract/endpoints/password-reset';
import { rechargeCataloguePath, rechargeOrderPath } from '@vsp/contract/endpoints/recharge';
import { LABELS } from '@vsp/labels';
import { MAIL_KINDS, MAIL_TEMPLATES, type MailKind } from '../../apps/server/src/shared/mails/mail-kinds';
import type { MailSite } from '../../apps/server/src/shared/mails/mail-template';
import { renderMail } from '../../apps/server/src/shared/mails/render-mail';
import { readOutbox, type OutboxMessage } from '../../apps/server/src/test/outbox';
import { useBrowser, viewports } from '../support/browser';
import { advanceServerClock } from '../support/clock';
import { DEMO_UID, openShop, payForProduct } from '../support/recharge';
import { freePort } from '../support/ports';
import { startServer, type RunningServer } from '../support/server-process';
import { DEMO_PASSWORD, apiClient, apiLogin, apiRegister, loginContext } from '../support/session';

/**
 * Issue 31: every mail in the player's language. The test walks the registry of mail kinds; each
 * kind is produced by the product's own flow (an order paid at the sandbox gateway, an operator's
 * refund, a reset request, a deletion asked for, cancelled and, 30 days on, completed by the sweep)
 * in English, Arabic and Thai (the Thai order placed on the top-up page and the Arabic deletion
 * asked for and kept on the account page, so the website's own language reaches the mail), read from the server's outbox and opened in Chromium at 390 px. A
 * kind no flow below produces yet is rendered by the server's renderer with its example data. Each
 * must carry no English text of its labels in Arabic and Thai, fit the width, and link to pages
 * that answer 200. A server of its own: it moves its clock (TEST_CLOCK) and sweeps every second.
 */
const LANGS = ['en', 'ar', 'th'] as const;
type Lang = (typeof LANGS)[number];
const run = Date.now().toString(36);
const PASSWORD = 'mail-reader-password-1';
const DAY_MS = 24 * 60 * 60 * 1000;
const mailboxes = { contact: `hello-${run}@avatarparty.app`, service: `care-${run}@avatarparty.app` };

const labels = new Map(LABELS.map((entry) => [entry.key, entry.text]));
/** A label that reads the same in every language is a name (the product's): its words may stay. */
const isName = (key: string) => new Set(Object.values(labels.get(key)!)).size === 1;

const wordsOf = (key: string) => (labels.get(key)!.en.replace(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/g, ' ').match(/[A-Za-z]{3,}/g) ?? []).map((word) => word.toLowerCase());

/**
 * The English words (3 letters or more) of the labels a kind shows, placeholders and plural forms
 * aside, less the words of names ("Avatar Party" is the product's name in every language).
 */
async function englishWordsOf(kind: MailKind, site: MailSite): Promise<Set<string>> {
  const { labels: keys } = await renderMail(kind, MAIL_TEMPLATES[kind].example as never, 'en', site);
  const names = new Set(keys.filter(isName).flatMap(wordsOf));
  return new Set(keys.filter((key) => !isName(key)).flatMap(wordsOf).filter((word) => !names.has(word)));
}

describe('every mail in the player’s language, as HTML that fits a phone (issue 31)', () => {
  const b = useBrowser();
  let server: RunningServer;
  let site: MailSite;
  /** The real mails, by kind and language. */
  const produced = new Map<MailKind, Map<Lang, OutboxMessage>>();
  /** The kinds the flows below produce: a kind of the registry missing here is rendered from its example. */
  const FLOWS: readonly MailKind[] = ['receipt', 'refund', 'password-reset', 'deletion-requested', 'deletion-cancelled', 'deletion-completed'];

  const outbox = () => readOutbox(`${server.dataDir}/outbox`);
  /** Waits for the mail of a kind to an address, and keeps it. */
  async function mailOf(kind: MailKind, lang: Lang, to: string): Promise<OutboxMessage> {
    await expect.poll(() => outbox().some((m) => m.to === to && m.kind === kind), { interval: 250 }).toBe(true);
    const mail = outbox().find((m) => m.to === to && m.kind === kind)!;
    const byLang = produced.get(kind) ?? new Map<Lang, OutboxMessage>();
    byLang.set(lang, mail);
    produced.set(kind, byLang);
    return mail;
  }

  beforeAll(async () => {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    server = await startServer({ PORT: String(port), PUBLIC_URL: publicUrl, TEST_CLOCK: '1', ACCOUNT_DELETION_SWEEP_MS: '1000' });
    // The console's settings reach the footer of every mail.
    const operator = apiClient(server.baseUrl, await apiLogin(server.baseUrl, 'operator', DEMO_PASSWORD));
    await operator.post(consoleSiteSettingsPath, { body: { supportEmails: mailboxes } });
    site = { publicUrl, supportEmails: mailboxes, company: { name: 'Avatar Party Ltd.', registrationNumber: '' } };
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('produces every kind the flows name, in the language the player used', async () => {
    const operator = apiClient(server.baseUrl, await apiLogin(server.baseUrl, 'operator', DEMO_PASSWORD));
    const guest = apiClient(server.baseUrl);
    const catalogue = await guest.get(rechargeCataloguePath);
    const method = catalogue.paymentMethods.find((m) => m.provider === 'sandbox')!;
    for (const lang of LANGS) {
      // An order paid at the sandbox gateway: its receipt, then an operator's refund of it.
      const email = `payer-${lang}-${run}@example.com`;
      let checkoutUrl: string;
      if (lang === 'th') {
        // Through the top-up page in Thai: the website sends its language with the order.
        const shop = await b.context({ ...viewports.phone, baseURL: server.baseUrl });
        const page = await shop.newPage();
        await openShop(page, '/recharge?lang=th', DEMO_UID);
        await page.locator('input[type="email"]').fill(email);
        await payForProduct(page);
        checkoutUrl = page.url();
        await shop.close();
      } else {
        const order = await guest.post(rechargeOrderPath, {
          body: { uid: DEMO_UID, kind: 'product', itemId: catalogue.products[1]!.id, paymentMethodId: method.id, idempotencyKey: `mails-${run}-${lang}-order`, email, lang },
        });
        checkoutUrl = new URL(order.checkoutUrl!, server.baseUrl).toString();
      }
      // The payer's button on the sandbox gateway's checkout page.
      const paid = await fetch(checkoutUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `action=pay&lang=${lang}`, redirect: 'manual' });
      expect(paid.status).toBeLessThan(400);
      const receipt = await mailOf('receipt', lang, email);
      const orderNo = /TU-\d{8}-[A-Z0-9]{10}/.exec(receipt.plain)![0];
      await operator.post(consoleOrderRefundPath, { body: { orderNo } });
      await mailOf('refund', lang, email);

      // A player who forgets the password, then asks for the deletion, keeps the account, and asks again.
      const userName = `ml${lang}${run}`;
      const address = `player-${lang}-${run}@example.com`;
      const player = await apiRegister(server.baseUrl, userName, address, PASSWORD);
      await guest.post(requestPasswordResetPath, { body: { email: address, lang } });
      await mailOf('password-reset', lang, address);
      if (lang === 'ar') {
        // Through the account page in Arabic: asked for, kept with the button, asked for again.
        const account = await b.context({ ...viewports.phone, baseURL: server.baseUrl });
        await loginContext(account, server.baseUrl, userName, PASSWORD);
        const page = await account.newPage();
        await page.goto('/account?lang=ar');
        const ask = async () => {
          await page.getByTestId('delete-account').click();
          await page.getByTestId('confirm-delete').click();
          await page.getByTestId('deletion-pending').waitFor();
        };
        await ask();
        await mailOf('deletion-requested', lang, address);
        await page.getByTestId('keep-account').click();
        await page.getByTestId('deletion-pending').waitFor({ state: 'detached' });
        await mailOf('deletion-cancelled', lang, address);
        await ask();
        await account.close();
      } else {
        const session = apiClient(server.baseUrl, { token: player.token, uid: player.uid });
        await session.post(accountDeletionRequestPath, { body: { lang } });
        await mailOf('deletion-requested', lang, address);
        await session.post(accountDeletionCancelPath);
        await mailOf('deletion-cancelled', lang, address);
        await session.post(accountDeletionRequestPath, { body: { lang } });
      }
    }
    // 30 days on, the sweep erases the three accounts; each gets its last mail, in its language.
    await advanceServerClock(server.baseUrl, 30 * DAY_MS + 60_000);
    for (const lang of LANGS) await mailOf('deletion-completed', lang, `player-${lang}-${run}@example.com`);

    for (const kind of FLOWS) {
      expect(MAIL_KINDS).toContain(kind);
      for (const lang of LANGS) expect([kind, lang, produced.get(kind)?.get(lang)?.lang]).toEqual([kind, lang, lang]);
    }
  });

  it.each(MAIL_KINDS)('%s: in en, ar and th at 390 px, no English left in ar and th, nothing overflows, every link answers 200', async (kind) => {
    const english = await englishWordsOf(kind, site);
    const context = await b.context(viewports.phone);
    const page = await context.newPage();
    for (const lang of LANGS) {
      const real = produced.get(kind)?.get(lang);
      const html = real ? real.html : (await renderMail(kind, MAIL_TEMPLATES[kind].example as never, lang, site)).html;
      const where = `${kind} ${lang}`;
      await page.setContent(html, { waitUntil: 'load' });
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), where).toEqual([lang, lang === 'ar' ? 'rtl' : 'ltr']);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(390);

      // What a reader sees, without addresses (links and mailboxes are names, not words).
      const visible = (await page.evaluate(() => document.body.innerText)).replace(/\S+@\S+|https?:\/\/\S+/g, ' ');
      if (lang !== 'en') {
        const left = (visible.match(/[A-Za-z]{3,}/g) ?? []).filter((word) => english.has(word.toLowerCase()));
        expect(left, `${where}: English words of its labels`).toEqual([]);
      }
      // The console's mailboxes are in the footer.
      expect(visible.length, where).toBeGreaterThan(0);
      expect(html, where).toContain(`mailto:${mailboxes.service}`);
      expect(html, where).toContain(`mailto:${mailboxes.contact}`);

      const links = await page.evaluate(() => [...document.querySelectorAll('a[href]')].map((a) => (a as HTMLAnchorElement).href));
      const pages = links.filter((link) => !link.startsWith('mailto:'));
      expect(pages.length, where).toBeGreaterThan(0);
      for (const link of pages) {
        expect(link.startsWith(`${site.publicUrl}/`), `${where} ${link}`).toBe(true);
        const answer = await fetch(link, { redirect: 'manual' });
        expect([link, answer.status]).toEqual([link, 200]);
      }
    }
    await context.close();
  });
});
