import type { ReactElement } from 'react';
import type { MailTexts } from './mail-texts';

/**
 * What every mail shows besides its own content: the website's address (links are absolute on
 * it) and, in the footer, the console's support mailboxes and the company line.
 */
export interface MailSite {
  /** Public origin of the website, without a trailing slash (config.publicUrl). */
  publicUrl: string;
  /** The operators' site settings (console Settings, site-settings module). */
  supportEmails: { contact: string; service: string };
  company: { name: string; registrationNumber: string };
}

/** What a template renders with: the texts in the mail's language, the site, and its links. */
export interface MailContext {
  texts: MailTexts;
  site: MailSite;
  /** An absolute link to a page of the website, opening in the mail's language. */
  url(pathAndQuery: string): string;
}

/**
 * One kind of mail: its subject and its content (a React Email element; HTML and plain text are
 * both rendered from it), for data of one shape. `example` is realistic data of that shape: the
 * tests render every kind in every language with it, so a new kind is tested by being listed.
 */
export interface MailTemplate<Data> {
  /** What the mail is about, for people reading the registry. */
  readonly describe: string;
  subject(ctx: MailContext, data: Data): string;
  render(ctx: MailContext, data: Data): ReactElement;
  readonly example: Data;
}

export function defineMail<Data>(template: MailTemplate<Data>): MailTemplate<Data> {
  return template;
}
