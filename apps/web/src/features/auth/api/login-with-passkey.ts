import { passkeySignInOptionsPath, passkeySignInPath } from '@vsp/contract/endpoints/passkeys';
import { api } from '../../../shared/http/api';

/** Signs in with a passkey of this device instead of the password (issue 30); answers like call 1. */
export async function loginWithPasskey() {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const { options } = await api.post(passkeySignInOptionsPath);
  const credential = await startAuthentication({ optionsJSON: options as never });
  return api.post(passkeySignInPath, { body: { credential: credential as never } });
}
