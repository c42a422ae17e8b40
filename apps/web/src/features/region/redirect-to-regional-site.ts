import { buildVariant, publicConfig } from '../../shared/config/public-config';
import { tabStore } from '../../shared/storage/local-store';
import { getLocalCountry } from './api/get-local-country';
import { regionalRedirectTarget } from './regional-redirect';

/**
 * How long the first paint may wait for the country. The lookup gates routing (spec section 2), so
 * a slow answer counts as a failure and the visitor stays, instead of being moved mid-visit.
 */
export const COUNTRY_LOOKUP_BUDGET_MS = 2500;

/** Kept for the tab's session (without session storage, asked every time): later page loads do not wait again. */
const SESSION_KEY = 'countryAnswer';

async function lookupCountryOncePerSession(): Promise<string> {
  const kept = tabStore.get(SESSION_KEY);
  if (kept !== null) return kept;
  const answer = await getLocalCountry(COUNTRY_LOOKUP_BUDGET_MS);
  tabStore.set(SESSION_KEY, answer);
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
