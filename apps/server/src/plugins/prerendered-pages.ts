import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { LanguageCode } from '@vsp/contract/languages';
import { IOS_NOTICE_PATHS, PRERENDERED_PATHS, PRERENDER_LANGUAGES, prerenderFile, prerenderedPath, type PrerenderVariant } from '@vsp/contract/prerender';

/** The placeholder the prerender writes where the hreflang alternates need the site's origin. */
const ORIGIN_MARKER = /%VSP_ORIGIN%/g;
/** Where the prerender met a value of the live page configuration (a store link, a mailbox). */
const CONFIG_MARKER = /%VSP_CONFIG:([\w.]+)%/g;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function configValue(config: Record<string, unknown>, dotted: string): string {
  let value: unknown = config;
  for (const key of dotted.split('.')) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

export interface PageRequest {
  lang: LanguageCode;
  /** The site's origin as the visitor reached it, for the absolute hreflang links. */
  origin: string;
  /** The home page's iOS notice is switched on and this visitor has not closed it. */
  iosNoticeDue: boolean;
  /** The public page configuration of this response. */
  config: Record<string, unknown>;
}

/**
 * The website's prerendered public pages (apps/web/dist/prerender, issue 5), read once at start:
 * 15 pages in 12 languages (and the home page with the iOS notice open), a few megabytes. `page`
 * answers the HTML of a path with the request's origin and the live configuration's values filled
 * in; `undefined` when the path is not prerendered or the build has no prerender (the
 * client-rendered shell then serves).
 */
export class PrerenderedPages {
  private readonly pages = new Map<string, string>();

  constructor(webDist: string) {
    for (const pagePath of PRERENDERED_PATHS) {
      const variants: PrerenderVariant[] = IOS_NOTICE_PATHS.includes(pagePath) ? ['plain', 'ios-notice'] : ['plain'];
      for (const lang of PRERENDER_LANGUAGES) {
        for (const variant of variants) {
          const file = path.join(webDist, prerenderFile(pagePath, lang, variant));
          if (existsSync(file)) this.pages.set(`${variant}:${lang}:${pagePath}`, readFileSync(file, 'utf8'));
        }
      }
    }
  }

  get size(): number {
    return this.pages.size;
  }

  page(pathname: string, request: PageRequest): string | undefined {
    const pagePath = prerenderedPath(pathname);
    if (pagePath === undefined) return undefined;
    const variant: PrerenderVariant = request.iosNoticeDue && IOS_NOTICE_PATHS.includes(pagePath) ? 'ios-notice' : 'plain';
    const html = this.pages.get(`${variant}:${request.lang}:${pagePath}`) ?? this.pages.get(`plain:${request.lang}:${pagePath}`);
    return html
      ?.replace(ORIGIN_MARKER, request.origin)
      .replace(CONFIG_MARKER, (_whole, dotted: string) => escapeHtml(configValue(request.config, dotted)));
  }
}
