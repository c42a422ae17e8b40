import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '@vsp/contract/app-error';
import { Errors } from '@vsp/contract/error-codes';
import { PAGE_FORMS, PAGE_FORM_ANSWER_ID, PAGE_FORM_FIELD, type PageFormAnswer, type PageFormName } from '@vsp/contract/page-forms';
import { IOS_NOTICE_SEEN_COOKIE, LANGUAGE_COOKIE, LANGUAGE_QUERY, requestLanguage } from '@vsp/contract/prerender';
import type { LivePublicConfig, PublicConfig } from '@vsp/contract/public-config';
import { BUILD_VARIANT_META, isBuildVariant, isSitePath, type BuildVariant } from '@vsp/contract/site-paths';
import type { PageFormFields, PageFormHandler } from '../shared/page-form';
import { sendError } from './error-handler';
import { PrerenderedPages, type PublishedTexts } from './prerendered-pages';

export interface WebSiteOptions {
  webDist: string;
  consoleDist: string;
  /** Public values the browser needs, embedded in index.html as JSON (the console gets these alone). */
  publicConfig: Omit<PublicConfig, keyof LivePublicConfig>;
  /** Operator-editable public values of the website, read on every page load and merged over publicConfig. */
  livePublicConfig: () => Promise<LivePublicConfig>;
  /** The published label version, so prerendered pages carry its texts before any script runs. */
  publishedTexts: () => Promise<PublishedTexts>;
  /** The public pages' forms that work without scripts, as the modules provide them (decision 0144). */
  pageForms: readonly PageFormHandler[];
}

const CONFIG_MARKER = '<!--app-config-->';

/** JSON a page embeds as data (never run): no `<` that could end its script element. */
const embeddedJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function withPublicConfig(html: string, publicConfig: Partial<PublicConfig>, answer?: PageFormAnswer): string {
  const answerData = answer ? `<script id="${PAGE_FORM_ANSWER_ID}" type="application/json">${embeddedJson(answer)}</script>` : '';
  return html.replace(CONFIG_MARKER, () => `<script id="app-config" type="application/json">${embeddedJson(publicConfig)}</script>${answerData}`);
}

/** A posted page form's body is at most this long (three short fields and their names). */
const PAGE_FORM_BODY_LIMIT = 4096;

/** The text fields of a posted form (`application/x-www-form-urlencoded`); a repeated name keeps its first value. */
function formFields(body: unknown): PageFormFields {
  const fields: Record<string, string> = {};
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [name, value] of Object.entries(body)) if (typeof value === 'string') fields[name] = value;
  }
  return fields;
}

/**
 * The posted fields as the API's limit counters see a request: an account ID as the number it names
 * (`body.uid`), so ` 0042` and `42` spend one allowance, as they would through the API.
 */
function limitSubject(fields: PageFormFields): Record<string, string | number> {
  const uid = fields.uid?.trim() ?? '';
  return { ...fields, ...(/^[0-9]{1,15}$/.test(uid) ? { uid: Number(uid) } : {}) };
}

function loadTemplate(dist: string): string | undefined {
  const file = path.join(dist, 'index.html');
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

/**
 * The SHA-256 (base64) of each inline script the website's index.html runs: the small module that
 * imports the entry once a prerendered page has painted (vite.config.ts). Every page is made from
 * this template, so the Content-Security-Policy allows these and no other inline script.
 */
export function inlineScriptHashes(webDist: string): string[] {
  const html = loadTemplate(webDist);
  if (!html) return [];
  return [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map((m) => createHash('sha256').update(m[1]!).digest('base64'));
}

/** The build variant the website's index.html names (vite.config.ts); production when it names none. */
export function builtVariant(html: string): BuildVariant {
  const found = new RegExp(`<meta name="${BUILD_VARIANT_META}" content="([\\w-]+)"`).exec(html)?.[1];
  return isBuildVariant(found) ? found : 'production';
}

const API_PREFIXES = ['/v1/', '/v2/', '/language/', '/docs', '/healthz', '/metrics', '/objects/', '/storage/'];

/** A page request: a GET (or HEAD) outside the API that does not ask for JSON only. */
function wantsPage(request: FastifyRequest, pathname: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (API_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return false;
  const accept = request.headers.accept ?? '*/*';
  return accept.includes('text/html') || accept.includes('*/*');
}

/**
 * Serves the built website and console from this process (embedded shape). Hashed assets are
 * cached for a year; the page shell never. A page path answers the shell with 200, an unknown
 * path the shell with 404 (the site renders its 404 page), and an API path the JSON envelope.
 */
export default fp(
  async function webSite(app: FastifyInstance, options: WebSiteOptions) {
    const siteTemplate = loadTemplate(options.webDist);
    const variant = siteTemplate ? builtVariant(siteTemplate) : 'production';
    const consoleTemplate = loadTemplate(options.consoleDist);
    const consoleShell = consoleTemplate && withPublicConfig(consoleTemplate, options.publicConfig);
    const livePublicConfig = async (): Promise<PublicConfig> => ({ ...options.publicConfig, ...(await options.livePublicConfig()) });
    const prerendered = new PrerenderedPages(options.webDist);
    await app.register(fastifyCookie);

    const builtFiles = {
      index: false,
      wildcard: false,
      // Scripts and stylesheets leave as the build compressed them (scripts/precompress.mjs).
      preCompressed: true,
      setHeaders: (reply: FastifyReply, filePath: string) => {
        void reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    } as const;
    if (siteTemplate) await app.register(fastifyStatic, { root: options.webDist, ...builtFiles });
    if (consoleShell) await app.register(fastifyStatic, { root: options.consoleDist, prefix: '/console/', decorateReply: false, ...builtFiles });

    const sendShell = (reply: FastifyReply, html: string, status: number) =>
      reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);

    /** What a page is rendered with: the live configuration, the visitor's language, the published texts. */
    const pageContext = async (request: FastifyRequest) => {
      const config = await livePublicConfig();
      const query = request.query as Record<string, unknown>;
      const lang = requestLanguage(typeof query[LANGUAGE_QUERY] === 'string' ? query[LANGUAGE_QUERY] : undefined, request.cookies[LANGUAGE_COOKIE], request.headers['accept-language']);
      // Without the published texts (a failed read), the page carries the texts it was built with.
      const published = await options.publishedTexts().catch(() => undefined);
      const pageConfig = published ? { ...config, labelVersion: published.version } : config;
      return { config, query, lang, published, pageConfig, origin: `${request.protocol}://${request.host}` };
    };

    const answer = async (request: FastifyRequest, reply: FastifyReply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const isPage = wantsPage(request, pathname);
      if (consoleShell && isPage && (pathname === '/console' || pathname.startsWith('/console/'))) {
        return sendShell(reply, consoleShell, 200);
      }
      if (siteTemplate && isPage) {
        // A public page in the visitor's language, prerendered: it paints before any script runs.
        const { config, query, lang, published, pageConfig, origin } = await pageContext(request);
        const iosNoticeDue = config.iosNoticeOpen && request.cookies[IOS_NOTICE_SEEN_COOKIE] !== '1';
        const page = await prerendered.livePage(pathname, { lang, origin, iosNoticeDue, config, query }, published);
        if (page) return sendShell(reply.header('vary', 'Cookie, Accept-Language').header('content-language', lang), withPublicConfig(page, pageConfig), 200);
        return sendShell(reply, withPublicConfig(siteTemplate, config), isSitePath(pathname, variant) ? 200 : 404);
      }
      return sendError(reply, new AppError(Errors.NotFound));
    };

    // The forms of the public pages that work without scripts (decision 0144): a post to the page
    // runs the form (its module's rules, limits and service call) and answers the page rendered
    // again in the visitor's language with the outcome and the values typed, never cached. The
    // answer is also embedded as JSON, so that the app, should it start on that page, starts there.
    const pageForms = new Map(options.pageForms.map((handler) => [handler.form, { handler, passLimits: app.routeLimits(...handler.limits) }]));
    if (siteTemplate && pageForms.size > 0) {
      await app.register(async (forms) => {
        forms.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: PAGE_FORM_BODY_LIMIT }, (_request, body, done) => {
          const fields: Record<string, string> = {};
          for (const [name, value] of new URLSearchParams(body as string)) if (!(name in fields)) fields[name] = value;
          done(null, fields);
        });
        for (const [pagePath, names] of Object.entries(PAGE_FORMS)) {
          forms.post(pagePath, { schema: { hide: true } }, async (request, reply) => {
            const fields = formFields(request.body);
            const name = fields[PAGE_FORM_FIELD];
            const form = name !== undefined && (names as readonly string[]).includes(name) ? pageForms.get(name as PageFormName) : undefined;
            const { config, query, lang, published, pageConfig, origin } = await pageContext(request);
            const pageRequest = { lang, origin, iosNoticeDue: false, config, query };
            void reply.header('cache-control', 'no-store').header('content-language', lang).type('text/html; charset=utf-8');
            if (!form) {
              // Not a form of this page: the page as it is.
              const page = await prerendered.livePage(pagePath, pageRequest, published);
              return reply.code(400).send(withPublicConfig(page ?? siteTemplate, pageConfig));
            }
            // The API's limit counters read the account ID a request is about from its body.
            request.body = limitSubject(fields);
            const { answer, status, retryAfter, failure } = await form.handler.answer(fields, () => form.passLimits(request));
            if (failure) request.log.error({ err: failure }, 'page form failed');
            if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter));
            const page = await prerendered.answerPage(pagePath, pageRequest, published, answer);
            return reply.code(status).send(withPublicConfig(page ?? siteTemplate, pageConfig, answer));
          });
        }
      });
    }

    // Page loads are a route (so they are compressed like every route); other methods and paths
    // nothing answers end in the not-found handler.
    app.get('/*', { schema: { hide: true } }, answer);
    app.setNotFoundHandler(answer);
  },
  { name: 'web-site' },
);
