import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginPath } from '@vsp/contract/endpoints/user';
import { Errors } from '@vsp/contract/error-codes';
import { createTestApp, type TestApp } from '../test/test-app';
import securityHeaders from './security-headers';

/** The CSP of an answer as directive name -> sources. */
function policy(response: LightMyRequestResponse): Map<string, string[]> {
  const header = response.headers['content-security-policy'];
  expect(typeof header, `content-security-policy on ${response.statusCode}`).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** The headers every answer carries, whatever it is. */
function expectSecurityHeaders(response: LightMyRequestResponse) {
  const csp = policy(response);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(String(response.headers['content-security-policy'])).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin');
}

describe('security headers on every answer', () => {
  let t: TestApp;
  let webDist: string;
  let consoleDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), 'vsp-web-dist-'));
    consoleDist = mkdtempSync(path.join(os.tmpdir(), 'vsp-console-dist-'));
    for (const dist of [webDist, consoleDist]) {
      writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><!--app-config--></head><body><script type="module" src="/assets/a.js"></script></body></html>');
      mkdirSync(path.join(dist, 'assets'));
      writeFileSync(path.join(dist, 'assets', 'a.js'), 'console.log(1)');
    }
    t = await createTestApp({ env: { WEB_DIST: webDist, CONSOLE_DIST: consoleDist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
    rmSync(consoleDist, { recursive: true, force: true });
  });

  const get = (url: string, accept = 'text/html') => t.app.inject({ method: 'GET', url, headers: { accept } });

  it('on site pages, with the page config as data, never as a script', async () => {
    for (const url of ['/', '/about', '/no/such/page']) {
      const response = await get(url);
      expect(response.statusCode).toBe(url === '/no/such/page' ? 404 : 200);
      expectSecurityHeaders(response);
      expect(response.body).toContain('<script id="app-config" type="application/json">');
    }
  });

  it('allows the website’s inline start-up module by its hash, and no other inline script', async () => {
    const boot = "import('/assets/a.js');";
    const dist = mkdtempSync(path.join(os.tmpdir(), 'vsp-web-dist-boot-'));
    writeFileSync(path.join(dist, 'index.html'), `<!doctype html><html><head><!--app-config--><script type="module">${boot}</script></head><body></body></html>`);
    const app = await createTestApp({ env: { WEB_DIST: dist, CONSOLE_DIST: consoleDist } });
    try {
      const response = await app.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      expect(response.body).toContain(boot);
      const hash = createHash('sha256').update(boot).digest('base64');
      expect(policy(response).get('script-src')).toEqual(["'self'", `'sha256-${hash}'`]);
      expect(String(response.headers['content-security-policy'])).not.toMatch(/script-src[^;]*unsafe/);
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('on the console, which no page may frame', async () => {
    const response = await get('/console/');
    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response);
  });

  it('on static assets of the site and the console', async () => {
    for (const url of ['/assets/a.js', '/console/assets/a.js']) {
      const response = await get(url, '*/*');
      expect(response.statusCode).toBe(200);
      expectSecurityHeaders(response);
    }
  });

  it('on API answers and errors: JSON, 400 and 404', async () => {
    const health = await get('/healthz', 'application/json');
    expect(health.statusCode).toBe(200);
    expectSecurityHeaders(health);

    const invalid = await t.app.inject({ method: 'POST', url: loginPath, payload: t.sign({ userName: 'x' }) });
    expect(invalid.statusCode).toBe(400);
    expectSecurityHeaders(invalid);

    const missing = await get('/v1/no/such/route', 'application/json');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ errInfo: { code: Errors.NotFound } });
    expectSecurityHeaders(missing);
  });

  it("on the sandbox gateway's checkout page (inline styles only, no script)", async () => {
    const response = await get('/sandbox/checkout/sbx_000000000000000000000000');
    expect(response.statusCode).toBe(404);
    expectSecurityHeaders(response);
    expect(policy(response).get('style-src')).toContain("'unsafe-inline'");
    expect(response.body).not.toContain('<script');
  });

  it('lets the 3D preview and the creator use workers, blob: and data: textures, and the app scheme frame', async () => {
    const csp = policy(await get('/'));
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    for (const directive of ['img-src', 'connect-src', 'media-src']) expect(csp.get(directive)).toEqual(expect.arrayContaining(["'self'", 'blob:', 'data:']));
    expect(csp.get('frame-src')).toEqual(["'self'", 'avatarparty:']);
  });

  it('sends no HSTS while PUBLIC_URL is http', async () => {
    expect((await get('/')).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('security headers by configuration', () => {
  it('sends HSTS when PUBLIC_URL is https', async () => {
    const t = await createTestApp({ env: { PUBLIC_URL: 'https://party.example' } });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await t.close();
    }
  });

  it("allows the object store's origins for downloads and presigned uploads", async () => {
    const t = await createTestApp({
      env: {
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'media',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_ENDPOINT: 'https://s3.store.example',
        S3_PUBLIC_URL: 'https://cdn.store.example/media',
      },
    });
    try {
      const csp = policy(await t.app.inject({ method: 'GET', url: '/healthz' }));
      for (const directive of ['img-src', 'media-src', 'connect-src']) {
        expect(csp.get(directive)).toEqual(expect.arrayContaining(['https://cdn.store.example', 'https://media.s3.store.example']));
      }
      expect(csp.get('script-src')).toEqual(["'self'"]);
    } finally {
      await t.close();
    }
  });

  it('yields to a route that sets its own, stricter Content-Security-Policy', async () => {
    const app = Fastify();
    await app.register(securityHeaders, { publicUrl: 'http://localhost', appOpenUrl: 'avatarparty://open', objectOrigins: [] });
    app.get('/own', async (_request, reply) => reply.header('content-security-policy', "default-src 'none'; sandbox").send('x'));
    app.get('/global', async () => 'x');
    const own = await app.inject({ method: 'GET', url: '/own' });
    expect(own.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(policy(await app.inject({ method: 'GET', url: '/global' })).get('frame-ancestors')).toEqual(["'none'"]);
    await app.close();
  });
});
