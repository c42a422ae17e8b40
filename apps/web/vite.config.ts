import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { captureEarlyInput } from './src/shared/early-input/capture-early-input.ts';

/**
 * The build variant (production, development, stable, stable-me) is chosen by BUILD_VARIANT at
 * build time; it decides the recharge path swap and the regional redirect.
 */
const variant = process.env.BUILD_VARIANT ?? 'production';

/** Names the variant in the built index.html, so the server knows which paths are pages (404 for the rest). */
const variantMeta: Plugin = {
  name: 'vsp-build-variant-meta',
  transformIndexHtml: () => [{ tag: 'meta', attrs: { name: 'vsp-build-variant', content: variant }, injectTo: 'head' }],
};

/** How long a prerendered page that does not paint (a tab opened in the background) holds the app. */
const PAINT_WAIT_MS = 1000;

/**
 * The page's one script tag becomes a small inline module that imports the entry only once a
 * prerendered page has painted (at once for a page the browser renders itself), so before the first
 * paint the HTML and its stylesheets have the connection and the main thread to themselves (decision
 * 0124). The server allows this one inline script by its hash (`inlineScriptHashes`, web-site.ts).
 */
const entryAfterPaint: Plugin = {
  name: 'vsp-entry-after-paint',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, { bundle, chunk }) {
      const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
      if (!entry) throw new Error('vsp-entry-after-paint: index.html has no entry script');
      // Every chunk the entry and the app it imports need, fetched side by side the moment the page
      // has painted (not one import after another as the browser would find them).
      const needed = new Set<string>();
      const visit = (file: string) => {
        const found = bundle?.[file];
        if (!found || found.type !== 'chunk' || needed.has(file)) return;
        needed.add(file);
        for (const next of found.imports) visit(next);
      };
      if (chunk) {
        visit(chunk.fileName);
        needed.delete(chunk.fileName);
      }
      const boot = [
        // First of all: keep what the visitor types and presses until the app takes over (decision 0139).
        `(${captureEarlyInput.toString()})();`,
        `const go = () => {`,
        // The app's chunks and the prerendered page's own (data-page-chunks, scripts/prerender.mjs),
        // in a task of their own and inserted at once: on a slow phone thirty links one by one made
        // one task long enough to hold up a tap. A prerendered page's label texts are in the page
        // (decision 0178), so nothing else is fetched here.
        `  setTimeout(() => {`,
        `    const pageChunks = document.getElementById('root')?.dataset.pageChunks?.split(' ') ?? [];`,
        `    document.head.append(...[...${JSON.stringify([...needed].map((file) => `/${file}`))}, ...pageChunks].map((file) => {`,
        `      const link = document.createElement('link');`,
        `      link.rel = 'modulepreload';`,
        `      link.href = file;`,
        `      return link;`,
        `    }));`,
        // Scripts that failed to load leave the page to itself: what was held is let go (decision 0144).
        `    import(${JSON.stringify(entry[1])}).catch(() => window.__vspEarlyInput?.release());`,
        `  }, 0);`,
        `};`,
        `if (document.getElementById('root')?.dataset.prerendered === undefined) go();`,
        `else new Promise((painted) => {`,
        `  const timer = setTimeout(painted, ${PAINT_WAIT_MS});`,
        `  try {`,
        `    new PerformanceObserver((list, observer) => {`,
        `      if (list.getEntriesByName('first-contentful-paint').length === 0) return;`,
        `      observer.disconnect();`,
        `      clearTimeout(timer);`,
        `      painted();`,
        `    }).observe({ type: 'paint', buffered: true });`,
        `  } catch {`,
        `    painted();`,
        `  }`,
        `}).then(go);`,
      ].join('\n');
      return html.replace(entry[0], `<script type="module">${boot}</script>`).replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
    },
  },
};

/** The website's start module (src/app/start.tsx), imported statically by the tiny entry (src/main.tsx). */
const START_MODULE = /[/\\]src[/\\]app[/\\]start\.tsx$/;

/**
 * Everything the start module imports statically, found once the module graph is complete. The
 * browser needs all of it before the first render, so it ships as one chunk (decision 0124): a
 * shared module stays in the start chunk instead of a small chunk of its own, and one stream
 * compresses better than thirty.
 */
const startClosure = new Set<string>();
const startChunk: Plugin = {
  name: 'vsp-start-chunk',
  apply: 'build',
  buildEnd() {
    if (this.environment.name !== 'client') return;
    const start = [...this.getModuleIds()].find((id) => START_MODULE.test(id));
    const pending = start ? [start] : [];
    while (pending.length) {
      const id = pending.pop()!;
      if (startClosure.has(id)) continue;
      startClosure.add(id);
      pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
    }
  },
};

/**
 * A module goes to the start chunk whole, so the shared packages, whose modules the site uses only in
 * part (the contract's paths beside its schemas, a few entries of the error catalogue), stay out:
 * tree-shaking keeps just the used part where automatic chunking puts them.
 */
const USED_IN_PART = /[/\\](node_modules[/\\]typebox|packages)[/\\]/;
/**
 * Their small modules that the start module needs travel together in one chunk of their own, not in
 * nine of a kilobyte or less, each with its headers (about 1.1 KB with the security headers) and a
 * place in the six-connection queue. A large module (the error catalogue's texts) keeps its own chunk,
 * fetched when a page needs it. Paired take-over bench, 5 loads x 2 rounds: /recharge
 * 1,564/1,507 -> 1,448/1,455 ms, / 1,440/1,426 -> 1,318/1,308 ms.
 */
const START_PACKAGES_MAX_MODULE_BYTES = 10_000;
/**
 * TanStack Query in one chunk of its own instead of six of about a kilobyte: every page with a
 * server read or write loads nearly all of it anyway, and on the phone profile each response costs
 * its headers (about 1.1 KB with the security headers) and a place in the six-connection queue.
 * Paired take-over bench, 9 loads: /recharge 1,662 -> 1,549 ms, other routes within their spread.
 */
const TANSTACK = /[/\\]node_modules[/\\]@tanstack[/\\]/;
/** Vite's preload helper joins the start chunk: the entry imports the start module statically (src/main.tsx). */
const inStartChunk = (id: string) => startClosure.has(id) && !USED_IN_PART.test(id);
const inStartPackages = (id: string) => startClosure.has(id) && USED_IN_PART.test(id);

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), variantMeta, startChunk, entryAfterPaint],
  // The prerender bundle (src/prerender) carries its libraries: the API server runs it again for
  // published labels (decision 0106) without resolving the website's dependencies.
  ssr: { noExternal: true },
  define: { __BUILD_VARIANT__: JSON.stringify(variant) },
  build: {
    target: 'es2022',
    sourcemap: true,
    // Every browser the site supports preloads modules; the boot script inserts the links itself.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 600,
    // Which CSS and chunks each page needs, for the prerendered pages' <head>.
    manifest: !isSsrBuild,
    // The contract's schema builders run at module top level; the site only uses the paths beside
    // them, so the calls are declared pure and the schemas (and TypeBox) drop out of the bundle.
    rolldownOptions: {
      output: isSsrBuild ? {} : { codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: 'start', test: inStartChunk, priority: 100 }, { name: 'start-packages', test: inStartPackages, maxModuleSize: START_PACKAGES_MAX_MODULE_BYTES, priority: 90 }, { name: 'query', test: TANSTACK, priority: 50 }] } },
      treeshake: {
        manualPureFunctions: ['Type', 'signed', 'Ok', 'Nullable', 'stringEnum'],
        propertyReadSideEffects: false,
        moduleSideEffects: (id: string) => !/[/\\]node_modules[/\\]typebox[/\\]/.test(id),
      },
    },
  },
  server: { proxy: { '/v1': 'http://localhost:8080', '/v2': 'http://localhost:8080', '/language': 'http://localhost:8080' } },
}));
