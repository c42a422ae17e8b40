import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

export interface OutboxMessage {
  file: string;
  to: string;
  /** Decoded (a non-English subject is sent as encoded words). */
  subject: string;
  /** The registry's kind of the mail (X-Mail-Kind) and its language (Content-Language). */
  kind: string;
  lang: string;
  /** The plain-text part, decoded. */
  plain: string;
  /** The HTML part, decoded. */
  html: string;
  /** The headers and every part decoded: enough to find links and texts anywhere in the message. */
  text: string;
}

/** Undoes quoted-printable (soft line breaks and escaped bytes) into bytes, read as UTF-8. */
function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const joined = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? /^[0-9A-F]{2}/i.exec(joined.slice(i + 1, i + 3))?.[0] : undefined;
    if (hex) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Encoded words of a header (`=?UTF-8?B?...?=`, `=?UTF-8?Q?...?=`) as text. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function parsePart(raw: string): Part {
  const split = /\r?\n\r?\n/.exec(raw);
  const head = split ? raw.slice(0, split.index) : raw;
  const body = split ? raw.slice(split.index + split[0].length) : '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** The leaf parts of a message (text/plain, text/html), decoded. */
function leaves(part: Part): { type: string; content: string }[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const pieces = part.body.split(`--${boundary}`).slice(1);
    return pieces.filter((piece) => !piece.startsWith('--')).flatMap((piece) => leaves(parsePart(piece.replace(/^\r?\n/, ''))));
  }
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const content =
    encoding === 'base64' ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8') : encoding === 'quoted-printable' ? decodeQuotedPrintable(part.body) : part.body;
  return [{ type: type.split(';')[0]!.trim().toLowerCase(), content }];
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
    const message = parsePart(raw);
    const header = (name: string) => decodeHeader(message.headers.get(name.toLowerCase()) ?? '');
    const parts = leaves(message);
    const plain = parts.find((p) => p.type === 'text/plain')?.content ?? '';
    const html = parts.find((p) => p.type === 'text/html')?.content ?? '';
    const head = raw.slice(0, /\r?\n\r?\n/.exec(raw)?.index ?? raw.length);
    return {
      file,
      to: header('To'),
      subject: header('Subject'),
      kind: header('X-Mail-Kind'),
      lang: header('Content-Language'),
      plain,
      html,
      text: [head, ...parts.map((p) => p.content)].join('\n\n'),
    };
  });
}

/** The password-reset link of the newest message to an address. */
export function latestResetLink(outboxDir: string, to: string): string | undefined {
  const message = readOutbox(outboxDir).filter((m) => m.to.toLowerCase().includes(to.toLowerCase())).at(-1);
  return message ? /https?:\/\/[^\s"<>]*\/reset-password\?token=[A-Za-z0-9_%-]+/.exec(message.text)?.[0] : undefined;
}
