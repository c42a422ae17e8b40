import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRERENDERED_PATHS } from '@vsp/contract/prerender';
import { rechargePaths, sitePaths } from '@vsp/contract/site-paths';

const webRoot = path.resolve(__dirname, '..', '..');
const routerSource = readFileSync(path.join(webRoot, 'src/app/router.tsx'), 'utf8');
const entrySource = readFileSync(path.join(webRoot, 'src/prerender/entry-server.tsx'), 'utf8');

/** What router.tsx lazily imports for `page(sitePaths.<name>, ...)`, as a path from the web root. */
function routerModule(name: string): string | undefined {
  const start = routerSource.indexOf(`page(sitePaths.${name},`);
  if (start < 0) return undefined;
  const found = /import\('([^']+)'\)/.exec(routerSource.slice(start));
  return found ? path.posix.join('src/app', found[1]!) + (found[1]!.endsWith('.tsx') ? '' : '.tsx') : undefined;
}

/** What entry-server.tsx says the page's module is. */
function prerenderModule(name: string): string | undefined {
  return new RegExp(`\\[sitePaths\\.${name}\\]: '([^']+)'`).exec(entrySource)?.[1];
}

describe('prerendered pages', () => {
  const names = Object.entries(sitePaths).filter(([, p]) => PRERENDERED_PATHS.includes(p)).map(([name]) => name);

  it('covers every public content page, the top-up page and no page behind a login', () => {
    expect(names).toHaveLength(PRERENDERED_PATHS.length - 1);
    expect(PRERENDERED_PATHS).toContain(rechargePaths('production').newPage);
    expect(PRERENDERED_PATHS).not.toContain(sitePaths.music);
    expect(PRERENDERED_PATHS).not.toContain(sitePaths.upload);
    expect(PRERENDERED_PATHS).not.toContain(sitePaths.creatorPlatform);
  });

  it('names the module the router loads for the top-up page', () => {
    expect(/\[rechargePaths\('production'\)\.newPage\]: '([^']+)'/.exec(entrySource)?.[1]).toBe('src/features/recharge/pages/recharge-page.tsx');
    expect(routerSource).toMatch(/page\(recharge\.newPage[^]*?import\('\.\.\/features\/recharge\/pages\/recharge-page'\)/);
  });

  it.each(names)('names the module the router loads for %s', (name) => {
    expect(prerenderModule(name)).toBeDefined();
    expect(prerenderModule(name)).toBe(routerModule(name));
  });
});
