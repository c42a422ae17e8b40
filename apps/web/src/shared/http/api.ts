import { publicConfig } from '../config/public-config';
import { createHttpClient } from './http-client';

/** The website's client instance; the session layer adds its headers through setSessionHeaders. */
let sessionHeaders: () => Record<string, string> = () => ({});

export function setSessionHeaders(provider: () => Record<string, string>) {
  sessionHeaders = provider;
}

export const api = createHttpClient({
  secretFor: (appId) => publicConfig.signSecrets[String(appId)],
  defaultHeaders: () => sessionHeaders(),
});
