import Type, { type Static } from 'typebox';
import { Ok } from '../envelope-schema';
import { signed } from './signed';

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
});
export const LoginResponse = Ok(SessionUserSchema);
export type SessionUser = Static<typeof SessionUserSchema>;

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
  role: Type.Union([Type.Literal('player'), Type.Literal('creator'), Type.Literal('operator')]),
});
export const GetUserInfoByTokenQuery = signed({});
export const GetUserInfoByTokenResponse = Ok(UserInfoSchema);
export type UserInfo = Static<typeof UserInfoSchema>;
