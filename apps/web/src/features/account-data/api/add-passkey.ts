import { addPasskeyPath, passkeyRegistrationOptionsPath } from '@vsp/contract/endpoints/passkeys';
import { api } from '../../../shared/http/api';
import { useInvalidatingMutation, type AfterWrite } from '../../../shared/http/use-invalidating-mutation';
import { accountDataKeys } from './keys';

/** Makes a passkey on this device for the account (the browser asks for the screen lock) and adds it. */
export async function addPasskey() {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const { options } = await api.post(passkeyRegistrationOptionsPath);
  const credential = await startRegistration({ optionsJSON: options as never });
  return (await api.post(addPasskeyPath, { body: { credential: credential as never } })).passkeys;
}

/** Adds a passkey; `viewer`'s passkeys are then out of date. */
export function useAddPasskey(viewer: string, then?: AfterWrite<Awaited<ReturnType<typeof addPasskey>>>) {
  return useInvalidatingMutation(addPasskey, accountDataKeys.passkeys(viewer), then);
}
