import Type, { type Static } from 'typebox';
import { Ok } from '../envelope-schema';
import { BIGINT_ID_MAX, UID_MAX } from '../integers';
import { LANGUAGE_CODES } from '../language-codes';
import { OPERATOR_ROLES, SECOND_FACTORS } from '../operator-roles';
import { PasskeyAssertionSchema } from './passkeys';
import { signed } from './signed';

/**
 * Operators (issue 30, decisions 0154-0156): the signed-in operator's roles and second factor, the
 * enrolment and verification of that factor, and the administrators' page of operators.
 */

const RoleSchema = Type.Enum(OPERATOR_ROLES);
const RolesSchema = Type.Array(RoleSchema, { maxItems: OPERATOR_ROLES.length, uniqueItems: true });
const FactorSchema = Type.Enum(SECOND_FACTORS);
/** A six-digit authenticator-app code (RFC 6238). */
const TotpCode = Type.String({ pattern: '^[0-9]{6}$', description: 'six digits from the authenticator app' });
/** A recovery code as shown: groups of letters and digits, dashes and case ignored. */
const RecoveryCode = Type.String({ minLength: 8, maxLength: 40, pattern: '^[A-Za-z0-9 -]+$' });

/** One operator operation and whether this operator may call it (the console shows what it allows). */
export const OperationAccessSchema = Type.Object({
  name: Type.String({ description: 'the name of the operation in the contract' }),
  roles: RolesSchema,
  stepUp: Type.Boolean({ description: 'asks for a second factor verified within 5 minutes' }),
  allowed: Type.Boolean({ description: "one of the operator's roles may call it" }),
});

export const operatorMePath = '/v1/console/me';
export const OperatorMeQuery = signed({});
export const OperatorMeSchema = Type.Object({
  uid: Type.Integer(),
  userName: Type.String(),
  roles: RolesSchema,
  /** The factors the operator has enrolled; none means the console opens on enrolment. */
  factors: Type.Array(Type.Object({ kind: Type.Union([Type.Literal('totp'), Type.Literal('passkey')]), createdAt: Type.String() })),
  /** How this session proved its second factor, or null while it has not (no operation but these answers). */
  secondFactor: Type.Union([FactorSchema, Type.Null()]),
  /** When the second factor was last verified (ms since the epoch), for step-up. */
  secondFactorAt: Type.Union([Type.Integer(), Type.Null()]),
  recoveryCodesLeft: Type.Integer(),
  operations: Type.Array(OperationAccessSchema),
});
export type OperatorMe = Static<typeof OperatorMeSchema>;
export const OperatorMeResponse = Ok(OperatorMeSchema);

/** Starts enrolling an authenticator app: a new secret, shown once (as text and as an otpauth: URI). */
export const totpStartPath = '/v1/console/factors/totp/start';
export const TotpStartBody = signed({});
export const TotpStartResponse = Ok(Type.Object({ secret: Type.String({ description: 'base32' }), uri: Type.String({ description: 'otpauth:// URI for a QR code' }) }));

/** Confirms the app with its first code: the factor counts from now and this session is verified. */
export const totpConfirmPath = '/v1/console/factors/totp/confirm';
export const TotpConfirmBody = signed({ code: TotpCode });
export const TotpConfirmResponse = Ok(
  Type.Object({ recoveryCodes: Type.Array(Type.String(), { description: 'shown this once; stored only as hashes. Empty when the operator already had codes' }) }),
);

/** Verifies this session's second factor (sign-in, or a step-up before a sensitive operation). */
export const verifySecondFactorPath = '/v1/console/second-factor';
export const VerifySecondFactorBody = signed({ code: Type.Optional(TotpCode), recoveryCode: Type.Optional(RecoveryCode), passkey: Type.Optional(PasskeyAssertionSchema) });
export const VerifySecondFactorResponse = Ok(Type.Object({ secondFactor: FactorSchema, secondFactorAt: Type.Integer() }));

export const OperatorSchema = Type.Object({
  uid: Type.Integer(),
  userName: Type.String(),
  email: Type.String(),
  roles: RolesSchema,
  factors: Type.Array(Type.Union([Type.Literal('totp'), Type.Literal('passkey')])),
  lastSignInAt: Type.Union([Type.String(), Type.Null()]),
  revoked: Type.Boolean({ description: 'no role left and every session ended' }),
});
export type Operator = Static<typeof OperatorSchema>;

export const operatorsPath = '/v1/console/operators';
export const OperatorsQuery = signed({});
export const OperatorsResponse = Ok(Type.Object({ operators: Type.Array(OperatorSchema) }));

const OperatorUid = Type.Integer({ minimum: 1, maximum: UID_MAX });
export const OperatorResponse = Ok(OperatorSchema);

/** Sets an operator's roles (an administrator cannot take administrator away from themselves). */
export const operatorRolesPath = '/v1/console/operators/roles';
export const OperatorRolesBody = signed({ uid: OperatorUid, roles: RolesSchema });

/** Takes every role away and ends the operator's sessions at once. */
export const operatorRevokePath = '/v1/console/operators/revoke';
export const OperatorRevokeBody = signed({ uid: OperatorUid });

/** A lost factor: removes the operator's factors and recovery codes; they enrol again at their next sign-in. */
export const operatorResetFactorsPath = '/v1/console/operators/reset-factors';
export const OperatorResetFactorsBody = signed({ uid: OperatorUid });

/** How long an invitation link works. */
export const OPERATOR_INVITATION_TTL_MS = 72 * 60 * 60_000;

/** An invitation still open: sent, neither accepted, cancelled nor expired. */
export const OperatorInvitationSchema = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  roles: RolesSchema,
  invitedBy: Type.Union([Type.String({ description: 'user name of the administrator who sent it' }), Type.Null()]),
  createdAt: Type.String(),
  expiresAt: Type.String(),
});
export type OperatorInvitation = Static<typeof OperatorInvitationSchema>;

export const operatorInvitationsPath = '/v1/console/operators/invitations';
export const OperatorInvitationsQuery = signed({});
export const OperatorInvitationsResponse = Ok(Type.Object({ invitations: Type.Array(OperatorInvitationSchema) }));

/** Mails a one-time link (valid 72 hours) with which the invited person makes an operator account with these roles. */
export const operatorInvitePath = '/v1/console/operators/invite';
export const OperatorInviteBody = signed({
  email: Type.String({ minLength: 3, maxLength: 254 }),
  roles: Type.Array(RoleSchema, { minItems: 1, maxItems: OPERATOR_ROLES.length, uniqueItems: true }),
  lang: Type.Enum(LANGUAGE_CODES, { description: 'the language of the mail' }),
});
export const OperatorInvitationResponse = Ok(OperatorInvitationSchema);

export const operatorInvitationCancelPath = '/v1/console/operators/invitations/cancel';
export const OperatorInvitationCancelBody = signed({ id: Type.Integer({ minimum: 1, maximum: BIGINT_ID_MAX }) });

/** The page of the link: makes the operator account (the invitation's address and roles); its second factor is enrolled at the first sign-in. */
/** Outside /v1/console/, where every operation is an operator's: the invited person has no session yet. */
export const operatorInvitationAcceptPath = '/v1/operator-invitations/accept';
export const OperatorInvitationAcceptBody = signed({
  token: Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }),
  userName: Type.String({ maxLength: 64 }),
  passWord: Type.String({ maxLength: 128 }),
});
export const OperatorInvitationAcceptResponse = Ok(Type.Object({ userName: Type.String() }));
