import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@vsp/contract/app-error';
import { APP_ID_CREDENTIAL, RANDOM_DIGITS_CREDENTIAL, RANDOM_DIGITS_DEFAULT } from '@vsp/contract/constants';
import { Errors } from '@vsp/contract/error-codes';
import { computeSign, signsEqual, type Params } from '@vsp/contract/signing';
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

/**
 * Verifies spec section 7's request signature before schema validation sees the request: a known
 * appId, a sign over the raw query and body, a timestamp within the window, and a sign never seen
 * before within twice that window. Tamper and replay evidence, not authorisation.
 */
export function verifySignature(options: SignatureOptions) {
  const now = options.now ?? Date.now;
  return async function signatureHook(request: FastifyRequest, _reply: FastifyReply) {
    const params: Params = { ...(request.query as Params) };
    const body = request.body;
    if (body && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body)) {
      Object.assign(params, body as Params);
    }
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
