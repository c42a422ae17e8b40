import { createApiClient } from '@vsp/api-client/api-client';
import { publicConfig } from '../config/public-config';
import { getSession } from '../session/session-store';

/** The website's API client: the page config's signing secrets and the stored session. */
export const api = createApiClient({
  signing: { secretFor: (appId) => publicConfig.signSecrets[String(appId)] },
  session: getSession,
});
