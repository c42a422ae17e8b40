import type { FastifyPluginAsync, FastifyPluginOptions, FastifyReply, FastifyRequest, FastifyTypeProvider, RawServerDefault } from 'fastify';
import fp from 'fastify-plugin';
import type { Static, TSchema } from 'typebox';
import { AppError } from '@vsp/contract/app-error';
import { APP_ID_CREDENTIAL, RANDOM_DIGITS_CREDENTIAL, RANDOM_DIGITS_DEFAULT } from '@vsp/contract/constants';
import { STATUS_OK } from '@vsp/contract/envelope';
import { Errors } from '@vsp/contract/error-codes';
import { computeSign, signsEqual, SIGNED_FIELD_NAMES, type Params, type SignedFields } from '@vsp/contract/signing';
import type { KeyValueStore } from '../shared/key-value-store';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The appId a signed route demands (the credential call wants 1000). */
    signAppId?: number;
  }
}

export interface SignatureOptions {
  secrets: ReadonlyMap<number, string>;
  windowMs: number;
  store: KeyValueStore;
  now?: () => number;
}

/** A parsed query or JSON body: the fields a signature covers (a raw body or a list is none). */
function isFields(part: unknown): part is Params {
  return Boolean(part) && typeof part === 'object' && !Array.isArray(part) && !Buffer.isBuffer(part);
}

/**
 * Verifies spec section 7's request signature before schema validation sees the request: a known
 * appId, a sign over the raw query and body, a timestamp within the window, and a sign never seen
 * before within twice that window. Tamper and replay evidence, not authorisation.
 */
function verifySignature(options: SignatureOptions) {
  const now = options.now ?? Date.now;
  return async function signatureHook(request: FastifyRequest, _reply: FastifyReply) {
    const params: Params = { ...(request.query as Params), ...(isFields(request.body) ? request.body : {}) };
    const appId = Number(params.appId);
    const secret = options.secrets.get(appId);
    const wantedAppId = request.routeOptions.config.signAppId;
    if (!secret || (wantedAppId !== undefined && appId !== wantedAppId)) throw new AppError(Errors.InvalidSignature);

    const digits = appId === APP_ID_CREDENTIAL ? RANDOM_DIGITS_CREDENTIAL : RANDOM_DIGITS_DEFAULT;
    const random = String(params.random ?? '');
    const sign = String(params.sign ?? '');
    if (!new RegExp(`^[0-9]{${digits}}$`).test(random) || !/^[0-9a-f]{32}$/.test(sign)) throw new AppError(Errors.InvalidSignature);
    if (!signsEqual(computeSign(params, secret), sign)) throw new AppError(Errors.InvalidSignature);

    const timestamp = Number(params.timestamp);
    if (!Number.isSafeInteger(timestamp) || Math.abs(now() - timestamp) > options.windowMs) {
      throw new AppError(Errors.RequestExpired);
    }
    const fresh = await options.store.setIfAbsent(`sign:${sign}`, options.windowMs * 2);
    if (!fresh) throw new AppError(Errors.DuplicateRequest);
  };
}

/** After validation the handler sees only the business fields of a signed query or body. */
async function dropSignedFields(request: FastifyRequest) {
  for (const part of [request.query, request.body]) {
    if (isFields(part)) for (const name of SIGNED_FIELD_NAMES) delete part[name];
  }
}

/** A handler's answer becomes `{ status: 1, data }`; failures (4xx, 5xx) went through the error handler already. */
async function envelope(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  return reply.statusCode < 300 ? { status: STATUS_OK, data: payload } : payload;
}

/**
 * A success answer whose data is JSON text already: a long list serialised a page at a time as it
 * was read (decision 0143). A string skips the serializer and the hook above, so the envelope is
 * written around it here, as they would have written it.
 */
export function sendSerializedData(reply: FastifyReply, dataJson: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(`{"status":${STATUS_OK},"data":${dataJson}}`);
}

/**
 * The signed /v1 API, on the scope it is registered in: the signature checked before validation,
 * the signed fields dropped after it, and the success envelope added to whatever a handler returns.
 * The response schemas keep the envelope, so the OpenAPI document shows what goes on the wire.
 */
export const signedApi = fp(
  async function signedApi(app, options: SignatureOptions) {
    app.addHook('preValidation', verifySignature(options));
    app.addHook('preHandler', dropSignedFields);
    app.addHook('preSerialization', envelope);
  },
  { name: 'signed-api' },
);

type WithoutSignedFields<T> = T extends object ? Omit<T, keyof SignedFields> : T;
/** What a handler (and the service it calls) reads of a signed request's schema: its fields without the signed ones. */
export type SignedInput<S extends TSchema> = WithoutSignedFields<Static<S>>;
type EnvelopeData<T> = T extends { status: typeof STATUS_OK; data: infer D } ? D : T;

/**
 * Types of the signed API's routes: handlers read their input without the signed fields and return
 * the envelope's `data` (the signedApi hooks do the rest at run time).
 */
export interface SignedApiTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends TSchema ? SignedInput<this['schema']> : unknown;
  serializer: this['schema'] extends TSchema ? EnvelopeData<Static<this['schema']>> : unknown;
}

/** A plugin of routes in the signed /v1 API. */
export type ApiRoutes<Options extends FastifyPluginOptions = Record<never, never>> = FastifyPluginAsync<Options, RawServerDefault, SignedApiTypeProvider>;
