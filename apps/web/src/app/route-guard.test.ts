import { describe, expect, it, vi } from 'vitest';
import { Errors } from '@vsp/contract/error-codes';
import { createRouteGuard, deviceRedirect, type LoginCheck } from './route-guard';
import type { RouteMeta } from './route-meta';

const routes: Record<string, RouteMeta> = {
  '/': { titleKey: 'home' },
  '/music': { titleKey: 'music', requiresAuth: true, displayOnMobile: false },
  '/creator-platform': { titleKey: 'cp', requiresAuth: true, mobileRedirect: '/creator?tab=0' },
  '/tutorial': { titleKey: 'tutorial', mobileRedirect: '/creator?tab=1' },
  '/desk-hidden': { titleKey: 'x', displayOnDesktop: false },
  '*': { titleKey: 'not-found' },
};

function guardWith(options: { mobile?: boolean; session?: boolean; check?: LoginCheck }) {
  const deps = {
    isMobile: () => options.mobile ?? false,
    hasSession: () => options.session ?? false,
    checkLogin: vi.fn(async () => options.check ?? ({ ok: true } as const)),
    clearSession: vi.fn(),
    notify: vi.fn(),
    loginUrlFor: (path: string) => `/login?redirect=${encodeURIComponent(path)}`,
  };
  const guard = createRouteGuard(deps);
  const visit = async (path: string) => {
    const url = new URL(`http://site.test${path}`);
    return (await guard(url, routes[url.pathname] ?? routes['*'])) ?? undefined;
  };
  return { deps, visit };
}

describe('route guard', () => {
  it('sends phones from the creator platform and the tutorial to the creator page, and hides desktop-only routes', () => {
    expect(deviceRedirect(routes['/creator-platform'], true)).toBe('/creator?tab=0');
    expect(deviceRedirect(routes['/tutorial'], true)).toBe('/creator?tab=1');
    expect(deviceRedirect(routes['/tutorial'], false)).toBeUndefined();
    expect(deviceRedirect(routes['/music'], true)).toBe('/');
    expect(deviceRedirect(routes['/music'], false)).toBeUndefined();
    expect(deviceRedirect(routes['/desk-hidden'], false)).toBe('/');
    expect(deviceRedirect(routes['/desk-hidden'], true)).toBeUndefined();
  });

  it('lets anyone through to a public route without asking the server', async () => {
    const { deps, visit } = guardWith({});
    expect(await visit('/tutorial')).toBeUndefined();
    expect(await visit('/no/such/page')).toBeUndefined();
    expect(deps.checkLogin).not.toHaveBeenCalled();
  });

  it('sends a visitor without a session to the login page with the full original path', async () => {
    const { deps, visit } = guardWith({ session: false });
    expect(await visit('/music?song=7#top')).toBe(`/login?redirect=${encodeURIComponent('/music?song=7#top')}`);
    expect(deps.notify).toHaveBeenCalledWith(Errors.LoginRequired);
    expect(deps.checkLogin).not.toHaveBeenCalled();
  });

  it('checks a stored session with the server on every visit and lets a valid one through', async () => {
    const { deps, visit } = guardWith({ session: true });
    expect(await visit('/music')).toBeUndefined();
    expect(await visit('/creator-platform')).toBeUndefined();
    expect(deps.checkLogin).toHaveBeenCalledTimes(2);
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it('ends a session the server refuses and says why', async () => {
    const { deps, visit } = guardWith({ session: true, check: { ok: false, code: Errors.LoggedOut, clearSession: true } });
    expect(await visit('/creator-platform')).toBe('/login?redirect=%2Fcreator-platform');
    expect(deps.clearSession).toHaveBeenCalled();
    expect(deps.notify).toHaveBeenCalledWith(Errors.LoggedOut);
  });

  it('keeps the session when the server could not be asked, but still goes to the login page', async () => {
    const { deps, visit } = guardWith({ session: true, check: { ok: false, code: undefined, clearSession: false } });
    expect(await visit('/music')).toBe('/login?redirect=%2Fmusic');
    expect(deps.clearSession).not.toHaveBeenCalled();
    expect(deps.notify).toHaveBeenCalledWith(undefined);
  });

  it('applies the device rules before the login check', async () => {
    const { deps, visit } = guardWith({ mobile: true, session: false });
    expect(await visit('/creator-platform')).toBe('/creator?tab=0');
    expect(await visit('/music')).toBe('/');
    expect(deps.notify).not.toHaveBeenCalled();
  });
});
