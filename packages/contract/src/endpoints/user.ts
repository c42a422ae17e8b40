import Type, { type Static } from 'typebox';
import { Ok } from '../envelope-schema';
import { signed } from './signed';
import { BIGINT_ID_MAX } from '../integers';

/** Call 3: public profile by account ID; answers only public fields. */
export const getUserInfoByUidPath = '/v1/webPage/getUserInfoByUid';
export const GetUserInfoByUidHeaders = Type.Object({
  uid: Type.String({ pattern: '^[0-9]{1,15}$', description: 'the account ID' }),
});
export const GetUserInfoByUidQuery = signed({});
export const PublicUserSchema = Type.Object({ uid: Type.Integer(), nickname: Type.String() });
export const GetUserInfoByUidResponse = Ok(PublicUserSchema);
export type PublicUser = Static<typeof PublicUserSchema>;

/** Call 1: log in with a registered e-mail or user name and a password (header pf=3). */
export const loginPath = '/v1/user/official/loginByEmailOrUserName';
export const LoginBody = signed({
  userName: Type.String({ minLength: 1, maxLength: 254, description: 'e-mail or user name' }),
  passWord: Type.String({ minLength: 1, maxLength: 256 }),
});
export const SessionUserSchema = Type.Object({
  token: Type.String(),
  uid: Type.Integer(),
  nickname: Type.String(),
  userName: Type.String(),
  deletionCancelled: Type.Optional(
    Type.Literal(true, { description: "present when this sign-in cancelled the account's pending deletion (decision 0134); the client tells the player" }),
  ),
});
export const LoginResponse = Ok(SessionUserSchema);

/** Call 2: the user behind the `token` and `uid` headers; the route guard's check. */
export const getUserInfoByTokenPath = '/v1/user/getUserInfoByToken';
export const TokenHeaders = Type.Object({
  token: Type.Optional(Type.String({ maxLength: 200 })),
  uid: Type.Optional(Type.String({ maxLength: 20 })),
});
export const UserInfoSchema = Type.Object({
  uid: Type.Integer(),
  nickname: Type.String(),
  userName: Type.String(),
  /** The account's own address (only its owner is answered): the default for a receipt. */
  email: Type.String(),
  role: Type.Union([Type.Literal('player'), Type.Literal('creator'), Type.Literal('operator')]),
});
export const GetUserInfoByTokenQuery = signed({});
export const GetUserInfoByTokenResponse = Ok(UserInfoSchema);

/**
 * Registration for the app (and tests): a new player account, answered like a login. Broken rules
 * (see account-rules.ts) come back as 40000 with `fields`, a taken name or e-mail as rule `taken`.
 */
export const registerPath = '/v1/user/official/register';
/** Fields are optional here so that a missing one answers the same `required` issue as an empty one. */
export const RegisterBody = signed({
  userName: Type.Optional(Type.String({ maxLength: 254 })),
  email: Type.Optional(Type.String({ maxLength: 254 })),
  passWord: Type.Optional(Type.String({ maxLength: 256 })),
  nickname: Type.Optional(Type.String({ maxLength: 100 })),
});
export const RegisterResponse = LoginResponse;

/** Logout: revokes the session of the `token` header; that token then answers 10043. */
export const logoutPath = '/v1/user/logout';
export const LogoutBody = signed({});
export const LogoutResponse = Ok(Type.Object({ loggedOut: Type.Literal(true) }));

/** The caller's live sessions (not revoked, not expired), newest first. */
export const sessionsPath = '/v1/user/sessions';
export const SessionsQuery = signed({});
export const SessionInfoSchema = Type.Object({
  id: Type.Integer(),
  device: Type.String({ description: 'the user agent that logged in' }),
  createdAt: Type.String({ format: 'date-time' }),
  lastSeenAt: Type.String({ format: 'date-time' }),
  expiresAt: Type.String({ format: 'date-time' }),
  current: Type.Boolean({ description: 'the session of this request' }),
});
export const SessionsResponse = Ok(Type.Array(SessionInfoSchema));

/** Revokes every session of the caller except the current one. */
export const revokeOtherSessionsPath = '/v1/user/sessions/revokeOthers';
export const RevokeOtherSessionsBody = signed({});
export const RevokedCountResponse = Ok(Type.Object({ revoked: Type.Integer() }));

/** Revokes one session of the caller by its id (another device). */
export const revokeSessionPath = '/v1/user/sessions/revoke';
export const RevokeSessionBody = signed({ id: Type.Integer({ minimum: 1, maximum: BIGINT_ID_MAX }) });
