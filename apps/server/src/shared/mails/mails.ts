import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '@vsp/contract/languages';
import type { Mailer } from '../mailer';
import type { MailData, MailKind } from './mail-kinds';
import type { MailSite } from './mail-template';
import { renderMail } from './render-mail';

/** The language a request named, if it is one of the catalogue's; English otherwise. */
export function mailLanguage(lang: unknown): LanguageCode {
  return isLanguageCode(lang) ? lang : DEFAULT_LANGUAGE;
}

/**
 * How modules send mail: a kind from the registry, the address, the language the player used and
 * the kind's data; it is rendered (HTML and plain text) and handed to the one mailer. A failed
 * send rejects; the caller decides what that means (10010 for the reset mail, a log line for a receipt).
 */
export interface Mails {
  send<K extends MailKind>(kind: K, message: { to: string; lang: string | undefined; data: MailData<K> }): Promise<void>;
}

export function createMails(deps: { mailer: Mailer; site: () => Promise<MailSite> }): Mails {
  return {
    async send(kind, { to, lang, data }) {
      const language = mailLanguage(lang);
      const rendered = await renderMail(kind, data, language, await deps.site());
      await deps.mailer.send({ to, subject: rendered.subject, text: rendered.text, html: rendered.html, kind, lang: language });
    },
  };
}
