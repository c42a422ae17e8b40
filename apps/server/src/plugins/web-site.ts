import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '@vsp/contract/app-error';
import { isSitePath } from '@vsp/contract/site-paths';
import { sendError } from './error-handler';

export interface WebSiteOptions {
  webDist: string;
  consoleDist: string;
  /** Public values the browser needs, embedded in index.html as JSON. */
  publicConfig: Record<string, unknown>;
  /** Operator-editable public values of the website, read on every page load and merged over publicConfig. */
  livePublicConfig?: () => Promise<Record<string, unknown>>;
}

const CONFIG_MARKER = '<!--app-config-->';

function withPublicConfig(html: string, publicConfig: Record<string, unknown>): string {
  const json = JSON.stringify(publicConfig).replace(/</g, '\\u003c');
  return html.replace(CONFIG_MARKER, `<script id="app-config" type="application/json">${json}</script>`);
}

function loadTemplate(dist: string): string | undefined {
  const file = path.join(dist, 'index.html');
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
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
    const consoleTemplate = loadTemplate(options.consoleDist);
    const consoleShell = consoleTemplate && withPublicConfig(consoleTemplate, options.publicConfig);
    const staticSiteShell = siteTemplate && !options.livePublicConfig ? withPublicConfig(siteTemplate, options.publicConfig) : undefined;
    const siteShell = async (): Promise<string> =>
      staticSiteShell ?? withPublicConfig(siteTemplate!, { ...options.publicConfig, ...(await options.livePublicConfig?.()) });

    const setCacheHeaders = (reply: FastifyReply, filePath: string) => {
      void reply.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    };

    if (siteTemplate) {
      await app.register(fastifyStatic, {
        root: options.webDist,
        index: false,
        wildcard: false,
        setHeaders: setCacheHeaders,
      });
    }
    if (consoleShell) {
      await app.register(fastifyStatic, {
        root: options.consoleDist,
        prefix: '/console/',
        index: false,
        wildcard: false,
        decorateReply: false,
        setHeaders: setCacheHeaders,
      });
    }

    const sendShell = (reply: FastifyReply, html: string, status: number) =>
      reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const isPage = wantsPage(request, pathname);
      if (consoleShell && isPage && (pathname === '/console' || pathname.startsWith('/console/'))) {
        return sendShell(reply, consoleShell, 200);
      }
      if (siteTemplate && isPage) {
        return sendShell(reply, await siteShell(), isSitePath(pathname) ? 200 : 404);
      }
      return sendError(reply, new AppError(40400));
    });
  },
  { name: 'web-site' },
);
