import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '@vsp/contract/app-error';
import { Errors } from '@vsp/contract/error-codes';
import { sendError } from '../plugins/error-handler';
import { LOCAL_OBJECTS_PREFIX, LOCAL_PARTS_PREFIX, PartRejectedError, type LocalObjectStorage } from './local-storage';
import { OBJECT_CACHE_CONTROL } from './object-storage';

/** Browsers PUT parts from the page's origin, which need not be PUBLIC_URL's: answer like a bucket with CORS. */
function corsHeaders(reply: FastifyReply) {
  return reply
    .header('access-control-allow-origin', '*')
    .header('access-control-allow-methods', 'PUT, GET, HEAD')
    .header('access-control-allow-headers', 'content-type')
    .header('access-control-expose-headers', 'etag')
    .header('access-control-max-age', '3600');
}

/** The client closed the connection before the part's body was complete. */
function clientWentAway(raw: IncomingMessage, error: unknown): boolean {
  if (raw.complete) return false;
  const code = (error as { code?: unknown } | null)?.code;
  return raw.destroyed || code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE';
}

/**
 * What `/objects/` answers a stored object with, by the key's extension, which the server chose
 * from the upload's kind (decision 0085). Only audio plays inline; everything else, including any
 * object stored before keys stopped taking the client's extension, is an opaque download. Every
 * answer forbids sniffing and carries a sandboxing CSP, so even a stored HTML or SVG document
 * opened directly runs no script and reaches no storage of this origin.
 */
const SERVED_TYPES: Readonly<Record<string, { type: string; inline: boolean }>> = {
  '.mp3': { type: 'audio/mpeg', inline: true },
  '.zip': { type: 'application/zip', inline: false },
};
export const OBJECT_CSP = "default-src 'none'; media-src 'self'; sandbox";

export function objectHeaders(reply: FastifyReply, filePath: string) {
  const served = SERVED_TYPES[path.extname(filePath).toLowerCase()] ?? { type: 'application/octet-stream', inline: false };
  return reply
    .header('content-type', served.type)
    .header('content-disposition', served.inline ? 'inline' : 'attachment')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', OBJECT_CSP)
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('cache-control', OBJECT_CACHE_CONTROL)
    .header('access-control-allow-origin', '*');
}

/**
 * The local driver's two faces on the API process: signed part PUTs at /storage/parts/<id>/<n>
 * (streamed to disk, no JSON parsing, no body limit beyond the part's own size) and stored objects
 * at /objects/<key> with range requests, as a bucket behind a CDN would answer.
 */
export async function localStorageRoutes(app: FastifyInstance, { storage }: { storage: LocalObjectStorage }) {
  await app.register(async (parts) => {
    // Leave the body as a stream for the handler; the driver caps it at the part's size.
    parts.removeAllContentTypeParsers();
    parts.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    parts.options(`${LOCAL_PARTS_PREFIX}:uploadId/:partNumber`, async (_request, reply) => corsHeaders(reply).code(204).send());

    parts.put<{ Params: { uploadId: string; partNumber: string }; Querystring: { expires?: string; signature?: string } }>(
      `${LOCAL_PARTS_PREFIX}:uploadId/:partNumber`,
      { schema: { hide: true } },
      async (request, reply) => {
        corsHeaders(reply);
        const partNumber = Number(request.params.partNumber);
        try {
          if (!Number.isSafeInteger(partNumber) || partNumber < 1) throw new PartRejectedError('size', 'bad part number');
          storage.verifyPartUrl(request.params.uploadId, partNumber, request.query.expires, request.query.signature);
          const length = request.headers['content-length'];
          const etag = await storage.writePart(
            request.params.uploadId,
            partNumber,
            request.raw,
            length === undefined ? undefined : Number(length),
          );
          return reply.header('etag', `"${etag}"`).code(200).send();
        } catch (error) {
          if (clientWentAway(request.raw, error)) {
            // A closed tab or a lost network: routine for a resumable upload, whose part simply is not listed.
            request.log.info({ uploadId: request.params.uploadId, partNumber }, 'part upload cut off by the client');
            return reply.hijack();
          }
          if (!(error instanceof PartRejectedError)) throw error;
          // Drain nothing more: close the connection so a rejected part is not read to the end.
          if (!request.raw.readableEnded) void reply.header('connection', 'close');
          const code = ({ signature: Errors.UploadLinkExpired, expired: Errors.UploadLinkExpired, 'not-found': Errors.UploadNotFound, size: Errors.ValidationFailed } as const)[error.reason];
          return sendError(reply, new AppError(code));
        }
      },
    );
  });

  await app.register(fastifyStatic, {
    root: storage.objectsDir,
    prefix: LOCAL_OBJECTS_PREFIX,
    decorateReply: false,
    index: false,
    wildcard: true,
    dotfiles: 'deny',
    acceptRanges: true,
    // Set on the reply of this route itself, over any site-wide headers (helmet's looser CSP).
    setHeaders: objectHeaders,
  });
}
