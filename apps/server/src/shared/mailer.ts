import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The registry's kind (shared/mails/mail-kinds.ts) and the language, sent as X-Mail-Kind and Content-Language. */
  kind?: string;
  lang?: string;
}

/** What nodemailer sends: the message with its kind and language as headers. */
function nodemailerMessage({ kind, lang, ...message }: MailMessage) {
  return { ...message, headers: { ...(kind ? { 'X-Mail-Kind': kind } : {}), ...(lang ? { 'Content-Language': lang } : {}) } };
}

/**
 * The transport of every mail: modules send through `Mails` (shared/mails), which renders a kind of
 * the registry in the player's language and hands it here. With SMTP_URL it goes to that
 * server; without, each message is written as an .eml file to DATA_DIR/outbox, which any mail
 * program opens, so the embedded shape needs no mail server and a person can still follow links.
 * A failed send rejects; callers answer their own catalogue error (10010 for the reset mail).
 */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string | undefined;
  outboxDir: string;
  from: string;
}

/** Short enough that a slow mail server answers the client before its own 20 s timeout. */
const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 };

export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS }, { from: options.from });
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail(nodemailerMessage(message));
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from: options.from });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail(nodemailerMessage(message));
      await mkdir(options.outboxDir, { recursive: true });
      // Sortable by time; written beside and renamed so a reader never sees half a message.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const temporary = path.join(options.outboxDir, `.${name}.tmp`);
      await writeFile(temporary, info.message as Buffer, { mode: 0o600 });
      await rename(temporary, path.join(options.outboxDir, name));
    },
    close: () => transport.close(),
  };
}
