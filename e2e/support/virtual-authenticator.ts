import type { BrowserContext, Page } from 'playwright-core';

/**
 * Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain) on `page`: a platform
 * authenticator with user verification that answers every WebAuthn request at once, as a phone's
 * or a computer's screen lock would. Answers a function that lists the passkeys it holds.
 */
export async function addVirtualAuthenticator(context: BrowserContext, page: Page): Promise<() => Promise<number>> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length;
}

/**
 * A server's address as a browser must use it for passkeys: WebAuthn takes no IP address as the
 * site's ID, and the server's default public URL (`http://localhost:<port>`) names localhost.
 */
export function localhostUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  url.hostname = 'localhost';
  return url.origin;
}
