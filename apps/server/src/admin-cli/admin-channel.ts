import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { Value } from 'typebox/value';
import { AppError, errorText, httpStatusOf, isErrorCode } from '@vsp/contract/app-error';
import type { FieldIssue } from '@vsp/contract/app-error';
import { signsEqual } from '@vsp/contract/signing';
import type { AdminChannelAddress } from '../shared/data-dir-lock';
import { AdminCommandSchema, type AdminCommand, type AdminResult } from './admin-commands';

/**
 * The running server's local admin channel (decision 0011): HTTP on 127.0.0.1 only, on a port of
 * its own (never the public one), with a random bearer secret that only the data folder's lock
 * file tells. The admin CLI sends one command per request while the server holds the PGlite folder.
 */

const RUN_PATH = '/run';

interface ChannelFailure {
  error: { code?: number; message: string; fields?: FieldIssue[] };
}

export interface AdminChannel {
  address: AdminChannelAddress;
  close(): Promise<void>;
}

export async function startAdminChannel(run: (command: AdminCommand) => Promise<AdminResult>): Promise<AdminChannel> {
  const secret = randomBytes(32).toString('base64url');
  const channel = Fastify({ logger: false, bodyLimit: 16 * 1024 });
  channel.post(RUN_PATH, { schema: { body: AdminCommandSchema } }, async (request, reply) => {
    if (!signsEqual(request.headers.authorization?.replace(/^Bearer /, '') ?? '', secret)) return reply.code(401).send({ error: { message: 'wrong admin secret' } });
    try {
      return { result: await run(request.body as AdminCommand) };
    } catch (error) {
      if (error instanceof AppError) {
        const failure: ChannelFailure = { error: { code: error.code, message: errorText(error.code, 'en', error.params), ...(error.fields ? { fields: [...error.fields] } : {}) } };
        return reply.code(httpStatusOf(error.code)).send(failure);
      }
      request.log.error({ err: error }, 'admin command failed');
      return reply.code(500).send({ error: { message: (error as Error).message } });
    }
  });
  await channel.listen({ host: '127.0.0.1', port: 0 });
  const info = channel.server.address();
  if (!info || typeof info === 'string') throw new Error('admin channel has no port');
  return { address: { port: info.port, secret }, close: () => channel.close() };
}

/** The server went away between reading the lock and sending: the caller may take the folder. */
export class AdminChannelUnreachable extends Error {
  constructor(cause: unknown) {
    super('the server holding the data folder did not answer on its admin channel', { cause });
    this.name = 'AdminChannelUnreachable';
  }
}

/** Sends one command to a running server; rejects with the server's AppError when it refuses. */
export async function sendAdminCommand(address: AdminChannelAddress, command: AdminCommand): Promise<AdminResult> {
  if (!Value.Check(AdminCommandSchema, command)) throw new Error('not an admin command');
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${address.port}${RUN_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${address.secret}` },
      body: JSON.stringify(command),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw new AdminChannelUnreachable(error);
  }
  const body = (await response.json().catch(() => ({}))) as Partial<{ result: AdminResult } & ChannelFailure>;
  if (body.result) return body.result;
  if (typeof body.error !== 'object') throw new Error(`the admin channel answered HTTP ${response.status}`);
  const { code, message, fields } = body.error;
  if (isErrorCode(code)) throw new AppError(code, fields ? { fields } : {});
  throw new Error(message);
}
