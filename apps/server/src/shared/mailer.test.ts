import { createServer, type Server, type Socket } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../test/outbox';
import { createMailer } from './mailer';

/** Just enough SMTP to accept messages: what nodemailer says and the message it sends. */
function fakeSmtpServer(received: string[]): Server {
  return createServer((socket: Socket) => {
    let data = false;
    let message = '';
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === '.') {
            data = false;
            received.push(message);
            message = '';
            socket.write('250 queued\r\n');
          } else message += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 fake\r\n');
        else if (/^DATA/i.test(line)) {
          data = true;
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
}

describe('mailer', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'vsp-mail-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('without SMTP writes each message as an .eml file a mail program opens', async () => {
    const mailer = createMailer({ outboxDir: path.join(dir, 'outbox'), from: 'Avatar Party <no-reply@localhost>' });
    expect(mailer.kind).toBe('outbox');
    await mailer.send({ to: 'rui@example.com', subject: 'First', text: 'Hello Rui' });
    await mailer.send({ to: 'sam@example.com', subject: 'Second', text: 'Hello Sam', html: '<p>Hello Sam</p>' });
    const messages = readOutbox(path.join(dir, 'outbox'));
    expect(messages.map((m) => [m.to, m.subject])).toEqual([
      ['rui@example.com', 'First'],
      ['sam@example.com', 'Second'],
    ]);
    expect(messages[0]!.text).toMatch(/^From: Avatar Party <no-reply@localhost>$/m);
    expect(messages[1]!.text).toContain('<p>Hello Sam</p>');
  });

  it('with SMTP_URL hands the message to that server, and rejects when it cannot', async () => {
    const received: string[] = [];
    const server = fakeSmtpServer(received);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: path.join(dir, 'unused'), from: 'no-reply@example.com' });
      expect(mailer.kind).toBe('smtp');
      await mailer.send({ to: 'tia@example.com', subject: 'Over SMTP', text: 'Hello Tia' });
      expect(received).toHaveLength(1);
      expect(received[0]).toMatch(/^Subject: Over SMTP$/m);
      expect(received[0]).toContain('Hello Tia');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const unreachable = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: dir, from: 'no-reply@example.com' });
    await expect(unreachable.send({ to: 'tia@example.com', subject: 'x', text: 'x' })).rejects.toThrow();
  });
});
