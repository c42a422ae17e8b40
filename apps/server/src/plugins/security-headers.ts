import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityHeadersOptions {
  /** PUBLIC_URL: Strict-Transport-Security is sent only when the site is served over https. */
  publicUrl: string;
  /** APP_OPEN_URL: the site opens the native app through a hidden frame on this scheme. */
  appOpenUrl: string;
  /** Origins outside this one a page loads objects from or uploads to (an S3 bucket, a CDN). */
  objectOrigins: readonly string[];
  /** SHA-256 (base64) of the inline scripts the website's pages run (`inlineScriptHashes`). */
  scriptHashes?: readonly string[];
}

/**
 * The Content-Security-Policy of every answer (decision 0081). Scripts, workers and style sheets
 * come from this origin only: no eval, no script from elsewhere, and no inline script but the
 * website's own start-up module, allowed by its hash (decision 0124). Inline
 * styles stay allowed (the prerendered markup and the sandbox checkout carry them; a style cannot
 * run code). blob: and data: serve the 3D preview's textures and the creator's local files.
 */
export function contentSecurityPolicy(options: SecurityHeadersOptions): Record<string, string[]> {
  const objects = [...new Set(options.objectOrigins.map((origin) => new URL(origin).origin))];
  const appScheme = `${new URL(options.appOpenUrl).protocol}`;
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(options.scriptHashes ?? []).map((hash) => `'sha256-${hash}'`)],
    'worker-src': ["'self'", 'blob:'],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...objects],
    'media-src': ["'self'", 'data:', 'blob:', ...objects],
    'connect-src': ["'self'", 'data:', 'blob:', ...objects],
    'font-src': ["'self'", 'data:'],
    'frame-src': ["'self'", appScheme],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * Security headers on every answer through @fastify/helmet: the CSP above, X-Frame-Options DENY,
 * X-Content-Type-Options nosniff, Referrer-Policy strict-origin (a request names our origin, never
 * a page's path or query, which may hold a token: decision 0140), and HSTS when
 * PUBLIC_URL is https. The headers are set when a request arrives, so a route that sets its own
 * (the stricter CSP of uploaded objects) replaces them on its answer.
 */
export default fp(
  async function securityHeaders(app: FastifyInstance, options: SecurityHeadersOptions) {
    const https = new URL(options.publicUrl).protocol === 'https:';
    await app.register(fastifyHelmet, {
      global: true,
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options) },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin' },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      // The pages embed nothing cross-origin that would opt in; COEP would only break images of a bucket.
      crossOriginEmbedderPolicy: false,
    });
    // Private answers are never cached (decision 0140): an answer may depend on a session, a token
    // or the caller, so nothing is stored by a browser or a shared cache unless its route says so
    // (the label catalogue, the site's assets and pages, stored objects: each sets its own).
    app.addHook('onSend', async (_request, reply, payload) => {
      if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'security-headers' },
);
