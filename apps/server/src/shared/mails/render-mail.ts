import { render, toPlainText } from '@react-email/render';
import type { LanguageCode } from '@vsp/contract/languages';
import { MAIL_TEMPLATES, type MailData, type MailKind } from './mail-kinds';
import type { MailContext, MailSite, MailTemplate } from './mail-template';
import { mailTexts } from './mail-texts';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  /** The label keys the mail shows (for tests: which texts must not stay English). */
  labels: string[];
}

/** A link to a page of the website that opens in the mail's language. */
export function siteLink(publicUrl: string, pathAndQuery: string, lang: LanguageCode): string {
  const url = new URL(`${publicUrl}${pathAndQuery}`);
  url.searchParams.set('lang', lang);
  return url.toString();
}

/** The one renderer: a kind of mail, its data and a language give the subject, the HTML part and the plain-text part. */
export async function renderMail<K extends MailKind>(kind: K, data: MailData<K>, lang: LanguageCode, site: MailSite): Promise<RenderedMail> {
  const template = MAIL_TEMPLATES[kind] as MailTemplate<MailData<K>>;
  const texts = mailTexts(lang);
  const ctx: MailContext = { texts, site, url: (pathAndQuery) => siteLink(site.publicUrl, pathAndQuery, lang) };
  const subject = template.subject(ctx, data);
  const html = await render(template.render(ctx, data));
  // Headings keep their case in the plain text (html-to-text would shout them).
  const text = toPlainText(html, { selectors: [{ selector: 'h1', options: { uppercase: false } }] });
  return { subject, html, text, labels: [...texts.used] };
}
