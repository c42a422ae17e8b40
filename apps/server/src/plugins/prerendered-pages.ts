import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LanguageCode } from '@vsp/contract/languages';
import type { PageFormAnswer } from '@vsp/contract/page-forms';
import { withPublishedPageTexts } from '@vsp/contract/page-texts';
import { IOS_NOTICE_PATHS, PRERENDERED_PATHS, PRERENDER_LANGUAGES, prerenderFile, prerenderedPath, type PrerenderVariant } from '@vsp/contract/prerender';
import type { PublicConfig } from '@vsp/contract/public-config';

/** The placeholder the prerender writes where the hreflang alternates need the site's origin. */
const ORIGIN_MARKER = /%VSP_ORIGIN%/g;
/** Where the prerender met a value of the live page configuration (a store link, a mailbox). */
const CONFIG_MARKER = /%VSP_CONFIG:([\w.]+)%/g;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function configValue(config: PublicConfig, dotted: string): string {
  let value: unknown = config;
  for (const key of dotted.split('.')) value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** The published label version's texts that differ from the built-in catalogue, per language. */
export interface PublishedTexts {
  version: number;
  overridesFor(lang: LanguageCode): Readonly<Record<string, string>>;
}

interface RenderedPage {
  html: string;
  title: string;
  description: string;
  keywords: string;
}
/** The website's prerender bundle (apps/web/dist-ssr/entry-server.js), as far as the server uses it. */
type RenderPage = (
  pagePath: string,
  lang: LanguageCode,
  variant: PrerenderVariant,
  overrides: Readonly<Record<string, string>>,
  answer?: PageFormAnswer | null,
) => Promise<RenderedPage>;

/** A prerendered page as the build wrote it: its HTML, the prerendered path and the variant. */
type BuiltPage = { html: string; pagePath: string; variant: PrerenderVariant };

/** Pages rendered again with published texts are kept for this many (path, language, variant) keys of one version. */
const RENDERED_KEEP = 500;

/** Puts a fresh render of the page's body, title and meta texts into its prerendered HTML. */
export function withRendered(html: string, rendered: RenderedPage): string | undefined {
  const rootTag = html.indexOf('<div id="root"');
  const bodyEnd = html.lastIndexOf('</body>');
  const start = rootTag < 0 ? -1 : html.indexOf('>', rootTag) + 1;
  const end = bodyEnd < 0 ? -1 : html.lastIndexOf('</div>', bodyEnd);
  if (start <= 0 || end < start) return undefined;
  return (html.slice(0, start) + rendered.html + html.slice(end))
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(rendered.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, () => `<meta name="description" content="${escapeHtml(rendered.description)}" />`)
    .replace(/<meta name="keywords" content="[^"]*" \/>/, () => `<meta name="keywords" content="${escapeHtml(rendered.keywords)}" />`);
}

export interface PageRequest {
  lang: LanguageCode;
  /** The site's origin as the visitor reached it, for the absolute hreflang links. */
  origin: string;
  /** The home page's iOS notice is switched on and this visitor has not closed it. */
  iosNoticeDue: boolean;
  /** The public page configuration of this response. */
  config: PublicConfig;
  /** The request's query parameters (some ask for what a prerender does not show). */
  query?: Readonly<Record<string, unknown>>;
}

/**
 * The website's prerendered public pages (apps/web/dist/prerender, issue 5), read once at start:
 * every page of PRERENDERED_PATHS in 12 languages (and the home page with the iOS notice open), a
 * few megabytes. `livePage` answers the HTML of a path with the request's origin and the live
 * configuration's values filled in; `undefined` when the path is not prerendered or the build has
 * no prerender (the client-rendered shell then serves).
 */
export class PrerenderedPages {
  private readonly pages = new Map<string, string>();
  /** Pages rendered again with a published version's texts: `version` and its pages. */
  private rendered: { version: number; pages: Map<string, Promise<string>> } = { version: -1, pages: new Map() };
  private renderer: Promise<RenderPage | undefined> | undefined;
  /** One render at a time: the prerender bundle swaps texts in one shared i18next for each. */
  private queue: Promise<unknown> = Promise.resolve();

  /**
   * `ssrEntry`: the website's prerender bundle, to render a page again when an operator published
   * texts the build did not have (decision 0106); without it such a page is sent as built and the
   * browser puts the published texts in when its scripts run.
   */
  constructor(
    webDist: string,
    private readonly ssrEntry: string = path.join(webDist, '..', 'dist-ssr', 'entry-server.js'),
  ) {
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

  /**
   * The page with the published version's texts: rendered again (once per version, path, language
   * and variant) when the version changes texts of the request's language.
   */
  async livePage(pathname: string, request: PageRequest, published: PublishedTexts | undefined): Promise<string | undefined> {
    const found = this.builtPage(pathname, request);
    if (!found) return undefined;
    const overrides = published?.overridesFor(request.lang) ?? {};
    if (!published || Object.keys(overrides).length === 0) return this.fill(found.html, request);
    if (this.rendered.version !== published.version) this.rendered = { version: published.version, pages: new Map() };
    const key = `${found.variant}:${request.lang}:${found.pagePath}`;
    let html = this.rendered.pages.get(key);
    if (!html) {
      // The texts the page carries for the app are the published ones too, rendered or not.
      html = this.renderAgain(found, request.lang, overrides).then((rendered) => withPublishedPageTexts(rendered ?? found.html, overrides));
      if (this.rendered.pages.size >= RENDERED_KEEP) this.rendered.pages.clear();
      this.rendered.pages.set(key, html);
    }
    return this.fill(await html, request);
  }

  /**
   * The page rendered again for the answer to a form posted without scripts (decision 0144), with
   * the published version's texts; never kept (the answer is the visitor's own). Without the
   * prerender bundle, or should the render fail, the page as built (the app, where it runs, still
   * starts from the answer embedded beside it).
   */
  async answerPage(pathname: string, request: PageRequest, published: PublishedTexts | undefined, answer: PageFormAnswer): Promise<string | undefined> {
    const found = this.builtPage(pathname, { ...request, iosNoticeDue: false });
    if (!found) return undefined;
    const overrides = published?.overridesFor(request.lang) ?? {};
    const html = await this.renderAgain(found, request.lang, overrides, answer);
    return this.fill(withPublishedPageTexts(html ?? found.html, overrides), request);
  }

  private builtPage(pathname: string, request: PageRequest): BuiltPage | undefined {
    const pagePath = prerenderedPath(pathname, request.query);
    if (pagePath === undefined) return undefined;
    const wanted: PrerenderVariant = request.iosNoticeDue && IOS_NOTICE_PATHS.includes(pagePath) ? 'ios-notice' : 'plain';
    for (const variant of wanted === 'plain' ? (['plain'] as const) : (['ios-notice', 'plain'] as const)) {
      const html = this.pages.get(`${variant}:${request.lang}:${pagePath}`);
      if (html) return { html, pagePath, variant };
    }
    return undefined;
  }

  private fill(html: string, request: PageRequest): string {
    return html.replace(ORIGIN_MARKER, request.origin).replace(CONFIG_MARKER, (_whole, dotted: string) => escapeHtml(configValue(request.config, dotted)));
  }

  private renderAgain(found: BuiltPage, lang: LanguageCode, overrides: Readonly<Record<string, string>>, answer: PageFormAnswer | null = null): Promise<string | undefined> {
    const run = this.queue.then(async () => {
      const render = await this.loadRenderer();
      if (!render) return undefined;
      try {
        return withRendered(found.html, await render(found.pagePath, lang, found.variant, overrides, answer));
      } catch {
        // The page as built is still right but for the changed texts; the browser puts those in.
        return undefined;
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private loadRenderer(): Promise<RenderPage | undefined> {
    this.renderer ??= existsSync(this.ssrEntry)
      ? import(pathToFileURL(this.ssrEntry).href).then(
          (module: { renderPage?: RenderPage }) => module.renderPage,
          () => undefined,
        )
      : Promise.resolve(undefined);
    return this.renderer;
  }
}
