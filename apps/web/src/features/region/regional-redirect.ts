import { countryNameOf, isRegionalCountry } from '@vsp/contract/regional';
import type { BuildVariant } from '@vsp/contract/site-paths';

export interface RegionalRedirectInput {
  variant: BuildVariant;
  /** The regional site's origin (and optional base path); empty when none is configured. */
  regionalSiteUrl: string;
  currentUrl: URL;
  /** Call 5's answer; a rejection counts as an unknown country. */
  lookupCountry(): Promise<string>;
}

/**
 * Where a visitor from one of the ten countries of spec section 1 goes: the same path on the
 * regional site. Never from the regional build itself (stable-me), never to this same origin, and
 * any failure (no site configured, lookup failed, unknown country) leaves the visitor here: null.
 */
export async function regionalRedirectTarget(input: RegionalRedirectInput): Promise<string | null> {
  if (input.variant === 'stable-me' || !input.regionalSiteUrl) return null;
  let site: URL;
  try {
    site = new URL(input.regionalSiteUrl);
  } catch {
    return null;
  }
  if (site.origin === input.currentUrl.origin) return null;
  let country: string;
  try {
    country = countryNameOf(await input.lookupCountry());
  } catch {
    return null;
  }
  if (!isRegionalCountry(country)) return null;
  const { pathname, search, hash } = input.currentUrl;
  return `${site.origin}${site.pathname.replace(/\/+$/, '')}${pathname}${search}${hash}`;
}
