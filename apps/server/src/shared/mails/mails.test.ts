import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@vsp/contract/languages';
import { formatPrice } from '@vsp/contract/wallet-assets';
import { LABELS } from '@vsp/labels';
import type { MailMessage } from '../mailer';
import { MAIL_KINDS, MAIL_TEMPLATES } from './mail-kinds';
import type { MailSite } from './mail-template';
import { createMails } from './mails';
import { renderMail } from './render-mail';

const site: MailSite = {
  publicUrl: 'https://avatarparty.example',
  supportEmails: { contact: 'hello@avatarparty.example', service: 'care@avatarparty.example' },
  company: { name: 'Avatar Party Ltd.', registrationNumber: '202611280001' },
};

const labels = new Map(LABELS.map((entry) => [entry.key, entry.text]));
/** Texts that are names (the product's): the same in every language. */
const isName = (key: string) => new Set(LANGUAGE_CODES.map((lang) => labels.get(key)![lang])).size === 1;

/** The English sentences of a label with its placeholders cut out: what must not appear in another language's mail. */
function englishPieces(key: string): string[] {
  return labels
    .get(key)!
    .en.split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/)
    .map((piece) => piece.trim())
    .filter((piece) => /[A-Za-z]{4,}/.test(piece));
}

describe('mails: every kind of the registry in every language (issue 31)', () => {
  it.each(MAIL_KINDS)('renders %s in all 12 languages: texts of the language, no placeholder or key left, Arabic right to left', async (kind) => {
    for (const lang of LANGUAGE_CODES) {
      const mail = await renderMail(kind, MAIL_TEMPLATES[kind].example as never, lang, site);
      const where = `${kind} ${lang}`;
      expect(mail.subject.trim(), where).not.toBe('');
      expect(mail.html, where).toMatch(new RegExp(`<html dir="${lang === 'ar' ? 'rtl' : 'ltr'}" lang="${lang}"`));
      for (const part of [mail.subject, mail.text, mail.html]) {
        // A placeholder left unfilled, or a label key instead of its text.
        expect(part, where).not.toMatch(/\{[A-Za-z]+\}|\b(mail|footer|orders|recharge|asset)\.[a-z_]+\b/);
      }
      // The footer: the console's mailboxes and the company line, and a link home in the mail's language.
      for (const part of [mail.text, mail.html]) {
        expect(part, where).toContain(site.supportEmails.service);
        expect(part, where).toContain(site.supportEmails.contact);
        expect(part, where).toContain('202611280001');
      }
      expect(mail.html, where).toContain(`href="${site.publicUrl}/?lang=${lang}"`);
      // Every link is absolute: on the website (in the mail's language) or a mailbox.
      const links = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
      expect(links.length, where).toBeGreaterThan(0);
      for (const link of links) {
        if (link.startsWith('mailto:')) continue;
        expect(link.startsWith(`${site.publicUrl}/`), `${where} ${link}`).toBe(true);
        expect(new URL(link).searchParams.get('lang'), `${where} ${link}`).toBe(lang);
      }
      if (lang === 'en') continue;
      // No English text of the labels the mail shows (names aside). Languages written in Latin
      // letters borrow single words ("password", "order" in Filipino): there, no English phrase.
      const latinScript = ['ms', 'in', 'vi', 'tl', 'tr'].includes(lang);
      const english = mail.labels
        .filter((key) => !isName(key))
        .flatMap(englishPieces)
        .filter((piece) => !latinScript || piece.split(/\s+/).length >= 3);
      expect(english.length, where).toBeGreaterThan(0);
      const words = `${mail.subject}\n${mail.text}`.replace(/https?:\/\/\S+/g, ' ');
      for (const piece of english) expect(words, `${where}: "${piece}"`).not.toContain(piece);
    }
  });

  it('shows item names and prices as the website does, and times in the player’s locale with the zone named', async () => {
    const receipt = MAIL_TEMPLATES.receipt.example;
    const en = await renderMail('receipt', receipt, 'en', site);
    expect(en.text).toContain('Diamond ×330');
    expect(en.text).toContain('Party hat ×1');
    expect(en.text).toContain(formatPrice(receipt.priceMinor, receipt.currency, 'en'));
    expect(en.text).toContain('Nov 28, 2026, 07:00 AM UTC');
    expect(en.text).not.toMatch(/diamonds|\d{4}-\d{2}-\d{2}T/);
    const th = await renderMail('receipt', receipt, 'th', site);
    expect(th.text).toContain('เพชร ×330');
    expect(th.text).toContain(new Intl.DateTimeFormat('th', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' }).format(receipt.paidAt));
    const ar = await renderMail('refund', MAIL_TEMPLATES.refund.example, 'ar', site);
    expect(ar.text).toContain(formatPrice(receipt.priceMinor, receipt.currency, 'ar'));
    expect(ar.text).toContain('ألماس ×');
  });

  it('hands the rendered mail to the one mailer with its kind and language; an unknown language is English', async () => {
    const sent: MailMessage[] = [];
    const mails = createMails({ mailer: { kind: 'outbox', send: async (message) => void sent.push(message), close: () => undefined }, site: async () => site });
    await mails.send('deletion-cancelled', { to: 'pia@example.com', lang: 'ar', data: { nickname: 'Pia', userName: 'pia_2026' } });
    await mails.send('deletion-cancelled', { to: 'pia@example.com', lang: 'xx', data: { nickname: 'Pia', userName: 'pia_2026' } });
    expect(sent.map((m) => [m.to, m.kind, m.lang, m.subject])).toEqual([
      ['pia@example.com', 'deletion-cancelled', 'ar', 'لن يُحذف حسابك في Avatar Party'],
      ['pia@example.com', 'deletion-cancelled', 'en', 'Your Avatar Party account will not be deleted'],
    ]);
    expect(sent[0]!.html).toContain('dir="rtl"');
    expect(sent[0]!.text).toContain('pia_2026');
  });
});
