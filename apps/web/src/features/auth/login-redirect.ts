import { sitePaths } from '@vsp/contract/site-paths';

/**
 * Where the login page sends the visitor afterwards: the `redirect` query path, when it is a path
 * of this site (never another origin: `//evil.example` or `https://...` fall back to the home page).
 */
export function safeRedirectPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return sitePaths.home;
  if (value === sitePaths.login || value.startsWith(`${sitePaths.login}?`)) return sitePaths.home;
  return value;
}

/** The login page that returns to `path` (pathname, search and hash) after a successful login. */
export function loginUrlFor(path: string): string {
  return `${sitePaths.login}?redirect=${encodeURIComponent(path)}`;
}
