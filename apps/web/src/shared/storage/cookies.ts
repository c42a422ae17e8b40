/**
 * First-party cookies the server reads too (the language, the iOS notice seen this session). Not
 * for secrets: the session token lives in local storage and travels in headers.
 */
export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/** A cookie for the whole site; without `maxAgeSeconds` it ends with the browser session. */
export function writeCookie(name: string, value: string, maxAgeSeconds?: number): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; samesite=lax${maxAgeSeconds === undefined ? '' : `; max-age=${maxAgeSeconds}`}`;
}
