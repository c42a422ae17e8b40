import { LANGUAGE_CODES, isLanguageCode, languageFromBrowserCodes, type LanguageCode } from './languages';
import { rechargePaths, sitePaths } from './site-paths';

/**
 * The public pages built to static HTML in every language (issue 5): the first paint needs no
 * JavaScript, then the app takes over. Pages behind a login and forms that act for a signed-in player
 * stay client-rendered. The top-up page is prerendered as it is before anything is typed; a payer's
 * remembered order shows once React has hydrated it. The exchange page is prerendered too: its forms
 * work without scripts (decision 0144); a shared link's `?code=` is filled in once React has
 * hydrated it.
 */
export const PRERENDERED_PATHS: readonly string[] = [
  sitePaths.home,
  sitePaths.about,
  sitePaths.quickGuide,
  sitePaths.quickStartGuide,
  sitePaths.roomRewards,
  sitePaths.updateContent,
  sitePaths.friendSpace,
  sitePaths.userGroup,
  sitePaths.ktvParty,
  sitePaths.tutorial,
  sitePaths.creator,
  sitePaths.udesk,
  sitePaths.privacy,
  sitePaths.terms,
  sitePaths.childPrivacy,
  sitePaths.exchange,
  // `/recharge` is a top-up page in every build variant: the new page in production, the classic
  // one in the others (both render the same screen).
  rechargePaths('production').newPage,
];

/**
 * The most a prerendered page may weigh as the server sends it (brotli): its first round trip of TCP
 * (ten segments, about 14.6 KB) less the response's headers. A heavier page takes a round trip more
 * before it can paint, which a slow phone's visitor and Lighthouse's simulated LCP both see. The
 * texts a page carries (decision 0178) are held to it.
 */
export const PRERENDERED_PAGE_BUDGET_BYTES = 13 * 1024;

/** The cookie the site writes when the interface language is chosen, so the server can answer in it. */
export const LANGUAGE_COOKIE = 'lang';
/** The query parameter of the language alternates (`/about?lang=ar`); it wins over everything else. */
export const LANGUAGE_QUERY = 'lang';

/**
 * The home page's iOS notice (spec section 2) is open on arrival while the operator switch is on and
 * the visitor has not closed it in this browser session (this session cookie): the home page is
 * prerendered a second time with the notice open, so it paints with the page, not after the app.
 */
export const IOS_NOTICE_SEEN_COOKIE = 'iosNoticeSeen';
export type PrerenderVariant = 'plain' | 'ios-notice';

/** `dist/prerender/<lang>/<page>[.ios-notice].html`, relative to the website's build folder. */
export function prerenderFile(path: string, lang: LanguageCode, variant: PrerenderVariant = 'plain'): string {
  const name = path === '/' ? 'index' : path.replace(/^\//, '');
  return `prerender/${lang}/${name}${variant === 'plain' ? '' : `.${variant}`}.html`;
}

/** The pages prerendered with the iOS notice open as well. */
export const IOS_NOTICE_PATHS: readonly string[] = [sitePaths.home];

/**
 * Query parameters that change what a prerendered page shows (the creator page's `?tab=1` is its
 * tutorial). The prerender shows the page without them, and React must hydrate exactly what it
 * shows, so a request that carries one is answered with the page the browser renders itself.
 */
const SHOWN_BY_QUERY: Readonly<Record<string, readonly string[]>> = { [sitePaths.creator]: ['tab'] };

/**
 * The prerendered page a path names (a trailing slash is the same page), if there is one and the
 * query asks for nothing the prerender does not show.
 */
export function prerenderedPath(pathname: string, query: Readonly<Record<string, unknown>> = {}): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (!PRERENDERED_PATHS.includes(path)) return undefined;
  return SHOWN_BY_QUERY[path]?.some((name) => query[name] !== undefined) ? undefined : path;
}

/**
 * The language a page request is answered in: the `lang` query parameter, then the language
 * cookie, then the Accept-Language header (the same rule the site applies to the browser's
 * languages), English otherwise.
 */
export function requestLanguage(query: string | undefined, cookie: string | undefined, acceptLanguage: string | undefined): LanguageCode {
  if (isLanguageCode(query)) return query;
  if (isLanguageCode(cookie)) return cookie;
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1 };
    })
    .filter(({ tag, q }) => tag !== '' && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q)
    .map(({ tag }) => tag);
  return languageFromBrowserCodes(tags);
}

/** Every language a prerendered page exists in. */
export const PRERENDER_LANGUAGES: readonly LanguageCode[] = LANGUAGE_CODES;
