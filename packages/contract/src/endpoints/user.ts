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
