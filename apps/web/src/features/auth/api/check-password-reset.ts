import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { checkPasswordResetPath } from '@vsp/contract/endpoints/password-reset';
import { api } from '../../../shared/http/api';

/** The check of an e-mailed reset link. */
export const passwordResetLinkKey = (token: string) => ['auth', 'password-reset-link', token] as const;

export function checkPasswordReset(token: string) {
  return api.post(checkPasswordResetPath, { body: { token } });
}

/** Without a token nothing is asked. */
export function passwordResetLinkQuery(token: string) {
  return queryOptions({
    queryKey: passwordResetLinkKey(token),
    queryFn: token ? () => checkPasswordReset(token) : skipToken,
    // A link is checked each time it is opened: a used one must not show the form from the cache.
    gcTime: 0,
  });
}

export function usePasswordResetLink(token: string) {
  return useQuery(passwordResetLinkQuery(token));
}
