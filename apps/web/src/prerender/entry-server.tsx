import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { htmlLang as htmlLangOf } from '../features/i18n/i18n';
import { translator } from '../shared/i18n/translator';
import { LANGUAGE_CODES, languageEntry, type LanguageCode } from '@vsp/contract/languages';
import type { PageFormAnswer } from '@vsp/contract/page-forms';
import type { PrerenderVariant } from '@vsp/contract/prerender';
import { rechargePaths, sitePaths } from '@vsp/contract/site-paths';
import { iosNoticePrerender } from '../features/marketing/components/ios-notice-dialog';
import { textsFor } from '@vsp/labels';
import { pageTitle, metaKey } from '../app/root-layout';
import { QueryClientProvider } from '@tanstack/react-query';
import { AppProviders } from '../app/app-providers';
import { routeFor } from '../app/router';
import { SitePage } from '../app/site-page';
import { publicConfig } from '../shared/config/public-config';
import { createQueryClient } from '../shared/http/query-client';
import { pageFormAnswerPrerender } from '../shared/page-form/page-form-answer';
import { preparedModules } from '../shared/prepared-modules';

/**
 * The prerender's server side, built by `vite build --ssr` and run once per page and language by
 * scripts/prerender.mjs: the same routes and components as the browser, with the built-in labels.
 * The API server runs it again for a page whose texts an operator changed and published (decision
 * 0106), passing the published texts that differ from the built-in ones, and for a form posted
 * without scripts, passing the server's answer, which the page then shows (decision 0144).
 */
export interface RenderedPage {
  html: string;
  title: string;
  description: string;
  keywords: string;
  htmlLang: string;
  dir: 'ltr' | 'rtl';
  /**
   * The source modules the page loads after the app starts: what the route's `prepare` loaded for
   * this language (prepared-modules.ts), and ServerState for a page that reads server state.
   */
  prepared: string[];
  /** The label keys the render looked up: the prerender puts their texts into the page (decision 0178). */
  usedKeys: string[];
}

/** The module of ServerState, as the client build's manifest names it (router.tsx imports it beside a page). */
const SERVER_STATE_MODULE = 'src/shared/http/server-state.tsx';

/**
 * Values of the live page configuration (store links, mailboxes, social links) are not known at
 * build time: the prerender renders a marker for each, which the server replaces per response.
 */
function markConfigValues(target: Record<string, unknown>, prefix = '') {
  for (const [key, value] of Object.entries(target)) {
    const dotted = `${prefix}${key}`;
    if (dotted === 'signSecrets') continue;
    if (typeof value === 'string') target[key] = `%VSP_CONFIG:${dotted}%`;
    else if (value !== null && typeof value === 'object') markConfigValues(value as Record<string, unknown>, `${dotted}.`);
  }
}
markConfigValues(publicConfig as unknown as Record<string, unknown>);
let ready = false;

export async function renderPage(
  path: string,
  lang: LanguageCode,
  variant: PrerenderVariant = 'plain',
  overrides: Readonly<Record<string, string>> = {},
  answer: PageFormAnswer | null = null,
): Promise<RenderedPage> {
  if (!ready) for (const code of LANGUAGE_CODES) translator.addTexts(code, textsFor(code));
  ready = true;
  translator.setLanguage(lang);

  const route = routeFor(path);
  preparedModules.clear();
  await route.meta.prepare?.(lang);
  const prepared = [...preparedModules];
  const Page = await route.load();
  // From here to the return nothing awaits: the published texts are in place for this render only,
  // and a render for another request or language cannot run in between.
  const builtIn = textsFor(lang);
  const changed = Object.keys(overrides);
  if (changed.length) translator.addTexts(lang, overrides);
  try {
    iosNoticePrerender.open = variant === 'ios-notice';
    pageFormAnswerPrerender.current = answer;
    const { meta } = route;
    const { t, exists } = translator;
    const { result, keys } = translator.record(() => ({
      // A client of its own per render: no cached answer outlives the page it was rendered for.
      html: renderToString(
        <QueryClientProvider client={createQueryClient()}>
          <AppProviders>
            <StaticRouter location={path}>
              <SitePage shown={{ route, Page }} />
            </StaticRouter>
          </AppProviders>
        </QueryClientProvider>,
      ),
      title: pageTitle(meta, t),
      description: t(metaKey(meta, 'description', exists)),
      keywords: t(metaKey(meta, 'keywords', exists)),
    }));
    return {
      ...result,
      htmlLang: htmlLangOf(lang),
      dir: languageEntry(lang).dir,
      prepared: meta.serverState ? [...prepared, SERVER_STATE_MODULE] : prepared,
      usedKeys: [...keys],
    };
  } finally {
    iosNoticePrerender.open = false;
    pageFormAnswerPrerender.current = null;
    if (changed.length) translator.addTexts(lang, Object.fromEntries(changed.map((key) => [key, builtIn[key]!])));
  }
}

/**
 * The source module behind each prerendered page, as the client build's manifest names it, so
 * the page's stylesheets and code are in its <head> before the app starts (no unstyled paint, no
 * layout shift). router.tsx imports the same modules; prerender-pages.test.ts keeps them in step.
 */
export const pageModules: Record<string, string> = {
  [sitePaths.home]: 'src/app/routes/home-route.tsx',
  [sitePaths.about]: 'src/features/marketing/pages/about-page.tsx',
  [sitePaths.quickGuide]: 'src/features/marketing/pages/guide-pages.tsx',
  [sitePaths.quickStartGuide]: 'src/features/marketing/pages/guide-pages.tsx',
  [sitePaths.roomRewards]: 'src/features/marketing/pages/guide-pages.tsx',
  [sitePaths.updateContent]: 'src/features/marketing/pages/guide-pages.tsx',
  [sitePaths.friendSpace]: 'src/features/marketing/pages/guide-pages.tsx',
  [sitePaths.userGroup]: 'src/features/marketing/pages/guide-pages.tsx',
  [sitePaths.ktvParty]: 'src/features/marketing/pages/guide-pages.tsx',
  [sitePaths.tutorial]: 'src/features/marketing/pages/guide-pages.tsx',
  [sitePaths.creator]: 'src/features/marketing/pages/creator-page.tsx',
  [sitePaths.udesk]: 'src/features/marketing/pages/udesk-page.tsx',
  [sitePaths.privacy]: 'src/features/marketing/pages/legal-page.tsx',
  [sitePaths.terms]: 'src/features/marketing/pages/legal-page.tsx',
  [sitePaths.childPrivacy]: 'src/features/marketing/pages/legal-page.tsx',
  [sitePaths.exchange]: 'src/features/exchange/pages/exchange-page.tsx',
  [rechargePaths('production').newPage]: 'src/features/recharge/pages/recharge-page.tsx',
};

export { IOS_NOTICE_PATHS, PRERENDERED_PAGE_BUDGET_BYTES, PRERENDERED_PATHS, PRERENDER_LANGUAGES, prerenderFile } from '@vsp/contract/prerender';
export { htmlLangOf, textsFor };
export { pageTextsElement } from '@vsp/contract/page-texts';
