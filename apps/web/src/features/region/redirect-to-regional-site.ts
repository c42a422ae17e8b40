import { buildVariant, publicConfig } from '../../shared/config/public-config';
import { getLocalCountry } from './api/get-local-country';
import { regionalRedirectTarget } from './regional-redirect';

/**
 * How long the first paint may wait for the country. The lookup gates routing (spec section 2), so
 * a slow answer counts as a failure and the visitor stays, instead of being moved mid-visit.
 */
export const COUNTRY_LOOKUP_BUDGET_MS = 2500;

/** The answer is kept for the tab's session, so later page loads do not wait for it again. */
const SESSION_KEY = 'countryAnswer';

async function lookupCountryOncePerSession(): Promise<string> {
  try {
    const kept = window.sessionStorage.getItem(SESSION_KEY);
    if (kept !== null) return kept;
  } catch {
    /* no session storage: ask every time */
  }
  const answer = await getLocalCountry(COUNTRY_LOOKUP_BUDGET_MS);
  try {
    window.sessionStorage.setItem(SESSION_KEY, answer);
  } catch {
    /* not kept */
  }
  return answer;
}

/** Runs before the router starts; answers true when the page is leaving for the regional site. */
export async function redirectToRegionalSite(): Promise<boolean> {
  const target = await regionalRedirectTarget({
    variant: buildVariant,
    regionalSiteUrl: publicConfig.regionalSiteUrl,
    currentUrl: new URL(window.location.href),
    lookupCountry: lookupCountryOncePerSession,
  });
  if (!target) return false;
  window.location.replace(target);
  return true;
}
