import type { BodyOf } from '@vsp/api-client/call-types';
import { parentSettingsPath, type ParentSession } from '@vsp/contract/endpoints/parental';
import { api } from '../../../shared/http/api';
import { useInvalidatingMutation, type AfterWrite } from '../../../shared/http/use-invalidating-mutation';
import { parentSessionHeaders } from '../parent-session';
import { parentKeys } from './keys';

export type ParentSettings = BodyOf<typeof parentSettingsPath>;

export function saveParentSettings(session: ParentSession, body: ParentSettings) {
  return api.post(parentSettingsPath, { body, headers: parentSessionHeaders(session) });
}

/** Saves the settings given to `mutate`; the child's account is then out of date. */
export function useSaveParentSettings(session: ParentSession, then?: AfterWrite<Awaited<ReturnType<typeof saveParentSettings>>>) {
  return useInvalidatingMutation((body: ParentSettings) => saveParentSettings(session, body), parentKeys.account(session.uid), then);
}
