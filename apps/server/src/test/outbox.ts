import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

export interface OutboxMessage {
  file: string;
  to: string;
  subject: string;
  /** Headers and body with quoted-printable undone: enough to find links and ASCII texts. */
  text: string;
}

/** Undoes quoted-printable soft line breaks and escapes (what nodemailer uses for long lines). */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The .eml files of an outbox folder, oldest first. */
export function readOutbox(outboxDir: string): OutboxMessage[] {
  let files: string[];
  try {
    files = readdirSync(outboxDir).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    const raw = readFileSync(path.join(outboxDir, file), 'utf8');
    const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(raw)?.[1]?.trim() ?? '';
    return { file, to: header('To'), subject: header('Subject'), text: decodeQuotedPrintable(raw) };
  });
}

/** The password-reset link of the newest message to an address. */
export function latestResetLink(outboxDir: string, to: string): string | undefined {
  const message = readOutbox(outboxDir).filter((m) => m.to.toLowerCase().includes(to.toLowerCase())).at(-1);
  return message ? /https?:\/\/[^\s"<>]*\/reset-password\?token=[A-Za-z0-9_%-]+/.exec(message.text)?.[0] : undefined;
}
