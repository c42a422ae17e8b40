import Type, { type Static } from 'typebox';
import { Ok } from '../envelope-schema';
import { BIGINT_ID_MAX } from '../integers';
import { signed } from './signed';
import { SessionUserSchema } from './user';

/**
 * Passkeys (WebAuthn, issue 30, decision 0156). The server answers the options the browser hands to
 * `navigator.credentials` (through @simplewebauthn/browser) and checks what the authenticator
 * answered. A player adds passkeys on /account and signs in with one; an operator enrols one as a
 * second factor in the console.
 */

/** A base64url field. Marked free of side effects, so a page that imports only this file's paths leaves the schemas (and TypeBox) out of its bundle. */
/* @__NO_SIDE_EFFECTS__ */
function B64(maxLength: number) {
  return Type.String({ maxLength, pattern: '^[A-Za-z0-9_-]*={0,2}$' });
}

/**
 * What the browser answers for `navigator.credentials.create()`, as @simplewebauthn/browser encodes
 * it. The limits leave room for post-quantum keys and signatures (ML-DSA signatures are 2.4-4.6 kB).
 */
export const PasskeyRegistrationSchema = Type.Object({
  id: B64(1400),
  rawId: B64(1400),
  type: Type.Literal('public-key'),
  response: Type.Object({
    clientDataJSON: B64(4000),
    attestationObject: B64(16_000),
    transports: Type.Optional(Type.Array(Type.String({ maxLength: 20 }), { maxItems: 10 })),
    publicKeyAlgorithm: Type.Optional(Type.Integer({ minimum: -100_000, maximum: 100_000 })),
    publicKey: Type.Optional(B64(8000)),
    authenticatorData: Type.Optional(B64(8000)),
  }),
  clientExtensionResults: Type.Object({}),
  authenticatorAttachment: Type.Optional(Type.String({ maxLength: 20 })),
});

/** What the browser answers for `navigator.credentials.get()`. */
export const PasskeyAssertionSchema = Type.Object({
  id: B64(1400),
  rawId: B64(1400),
  type: Type.Literal('public-key'),
  response: Type.Object({
    clientDataJSON: B64(4000),
    authenticatorData: B64(4000),
    signature: B64(12_000),
    userHandle: Type.Optional(B64(200)),
  }),
  clientExtensionResults: Type.Object({}),
  authenticatorAttachment: Type.Optional(Type.String({ maxLength: 20 })),
});

/** Options for `navigator.credentials.create()` / `.get()` (PublicKeyCredential*OptionsJSON); passed on as they are. */
const OptionsSchema = Type.Object({ challenge: Type.String() }, { additionalProperties: true, description: 'WebAuthn options JSON' });
export const PasskeyOptionsResponse = Ok(Type.Object({ options: OptionsSchema }));

export const PasskeySchema = Type.Object({
  id: Type.Integer(),
  createdAt: Type.String(),
  lastUsedAt: Type.Union([Type.String(), Type.Null()]),
});
export type Passkey = Static<typeof PasskeySchema>;
export const PasskeysResponse = Ok(Type.Object({ passkeys: Type.Array(PasskeySchema) }));

/** A player's passkeys (the account page). */
export const passkeysPath = '/v1/user/passkeys';
export const PasskeysQuery = signed({});
export const passkeyRegistrationOptionsPath = '/v1/user/passkeys/options';
export const PasskeyRegistrationOptionsBody = signed({});
export const addPasskeyPath = '/v1/user/passkeys/add';
export const AddPasskeyBody = signed({ credential: PasskeyRegistrationSchema });
export const removePasskeyPath = '/v1/user/passkeys/remove';
export const RemovePasskeyBody = signed({ id: Type.Integer({ minimum: 1, maximum: BIGINT_ID_MAX }) });

/** Signing in with a passkey instead of the password (players): options, then the assertion. */
export const passkeySignInOptionsPath = '/v1/user/official/passkey/options';
export const PasskeySignInOptionsBody = signed({});
export const passkeySignInPath = '/v1/user/official/passkey';
export const PasskeySignInBody = signed({ credential: PasskeyAssertionSchema });
export const PasskeySignInResponse = Ok(SessionUserSchema);

/** An operator's passkey as a second factor: enrolment, and the options of a verification. */
export const operatorPasskeyOptionsPath = '/v1/console/factors/passkey/options';
export const OperatorPasskeyOptionsBody = signed({});
export const operatorPasskeyAddPath = '/v1/console/factors/passkey/add';
export const OperatorPasskeyAddBody = signed({ credential: PasskeyRegistrationSchema });
export const OperatorPasskeyAddResponse = Ok(Type.Object({ recoveryCodes: Type.Array(Type.String()) }));
export const operatorPasskeyChallengePath = '/v1/console/second-factor/passkey-options';
export const OperatorPasskeyChallengeBody = signed({});
