// Prerenders the public pages (PRERENDERED_PATHS) in every language into dist/prerender/<lang>/,
// from the client build's index.html and the server-side bundle in dist-ssr/ (issue 5).
// Each page gets its title and meta tags, its stylesheets (from the build
// manifest), hreflang alternates (absolute: the server fills in its origin), and its markup.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webRoot, 'dist');
const { renderPage, IOS_NOTICE_PATHS, PRERENDERED_PATHS, PRERENDER_LANGUAGES, prerenderFile, pageModules, htmlLangOf, textsFor, pageTextsElement, PRERENDERED_PAGE_BUDGET_BYTES } = await import(
  pathToFileURL(path.join(webRoot, 'dist-ssr', 'entry-server.js')).href
);

/** The origin placeholder the server replaces with its public origin when it sends the page. */
const ORIGIN = '%VSP_ORIGIN%';
const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The CSS files and JS chunks a source module needs, following its static imports. */
function assetsOf(moduleFile) {
  const css = new Set();
  const js = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    // A chunk's imports' stylesheets come before its own (the order Vite links them in).
    for (const next of chunk.imports ?? []) visit(next);
    for (const file of chunk.css ?? []) css.add(file);
  };
  visit(moduleFile);
  return { css: [...css], js: [...js] };
}

// The entry (in index.html already) and the app it loads once the page has painted (src/main.tsx):
// the app's and the page's stylesheets go in every page's <head>. Their code is not preloaded there:
// until the first paint the stylesheets have the connection to themselves; then the boot script
// fetches the app's chunks and the page's (data-page-chunks) side by side (decisions 0120, 0157).
const templateAssets = assetsOf('index.html');
const appAssets = assetsOf('src/app/start.tsx');
const entryCss = [...templateAssets.css, ...appAssets.css];
const appHead = appAssets.css.filter((file) => !templateAssets.css.includes(file)).map((file) => `<link rel="stylesheet" href="/${file}" />`);
/**
 * The chunks of what a route's `prepare` loaded for one language (a legal document's text), which
 * the app would otherwise fetch only once it has started: fetched at paint with the page's own.
 */
const preparedChunks = (modules, already) =>
  modules
    .flatMap((module) => assetsOf(module).js)
    .map((file) => `/${file}`)
    .filter((file, index, all) => all.indexOf(file) === index && !already.includes(file) && !appAssets.js.includes(file.slice(1)) && !templateAssets.js.includes(file.slice(1)));
/**
 * The label keys the code in `files` can ask for (decision 0178): each string in it that is a key
 * (`"orders.link"`), and every key a string opens as a prefix (`` `error.${code}` ``, `'recharge.status.'`,
 * a `labelPrefix` of `'about.values'` before `.<item>.title`). What a page's code can show after the
 * take-over (a session's header, a remembered order, an error's text) is among these.
 */
const catalogue = Object.keys(textsFor('en'));
const known = new Set(catalogue);
function keysIn(files, { families = true } = {}) {
  const code = files.map((file) => readFileSync(path.join(dist, file), 'utf8')).join('\n');
  const strings = new Set(Array.from(code.matchAll(/["'`]([a-z_][\w-]*\.[^"'`$\s\\]*)/g), (found) => found[1]));
  const prefixes = families ? [...strings].filter((text) => !known.has(text)).map((text) => (/[._-]$/.test(text) ? text : `${text}.`)) : [];
  return catalogue.filter((key) => strings.has(key) || prefixes.some((prefix) => key.startsWith(prefix)));
}
/** A page's texts in `lang`: `keys` and those its render asked for. */
function pageTexts(lang, keys, usedKeys) {
  const texts = textsFor(lang);
  return Object.fromEntries([...new Set([...keys, ...usedKeys])].filter((key) => key in texts).sort().map((key) => [key, texts[key]]));
}
/**
 * About what a page weighs as the server sends it (brotli at its level 5, app.ts), to hold it to
 * PRERENDERED_PAGE_BUDGET_BYTES: with room for what the server fills in (its origin in the hreflang
 * links, the live configuration's links and mailboxes).
 */
const FILLED_IN_BYTES = 512;
const sentSize = (html) => brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }).length + FILLED_IN_BYTES;
/** The code every page runs (the entry and the start chunk), and the keys it names. */
const frame = [...templateAssets.js, ...appAssets.js];
const frameKeys = keysIn(frame, { families: false });
/** The keys each page's code can ask for, read once per set of chunks (not per language). */
const codeKeysOf = new Map();
rmSync(path.join(dist, 'prerender'), { recursive: true, force: true });
let count = 0;
for (const pagePath of PRERENDERED_PATHS) {
  const moduleFile = pageModules[pagePath];
  if (!moduleFile || !manifest[moduleFile]) throw new Error(`no module in the build manifest for ${pagePath}: ${moduleFile}`);
  const pageAssets = assetsOf(moduleFile);
  const css = pageAssets.css.filter((file) => !entryCss.includes(file));
  // The page's own chunks, which the boot script fetches beside the app's once the page has painted
  // (not after the app has started and found the route: decision 0157).
  const pageChunks = pageAssets.js.filter((file) => !appAssets.js.includes(file) && !templateAssets.js.includes(file)).map((file) => `/${file}`);
  const alternates = [
    ...PRERENDER_LANGUAGES.map((code) => `<link rel="alternate" hreflang="${htmlLangOf(code)}" href="${ORIGIN}${pagePath}?lang=${code}" />`),
    `<link rel="alternate" hreflang="x-default" href="${ORIGIN}${pagePath}" />`,
  ];
  const variants = IOS_NOTICE_PATHS.includes(pagePath) ? ['plain', 'ios-notice'] : ['plain'];
  for (const [lang, variant] of PRERENDER_LANGUAGES.flatMap((code) => variants.map((v) => [code, v]))) {
    const rendered = await renderPage(pagePath, lang, variant);
    const chunks = [...pageChunks, ...preparedChunks(rendered.prepared, pageChunks)];
    const chunkList = chunks.join(' ');
    if (!codeKeysOf.has(chunkList)) codeKeysOf.set(chunkList, keysIn([...frame, ...chunks.map((file) => file.slice(1))]));
    const head = [
      `<link rel="canonical" href="${ORIGIN}${pagePath}?lang=${lang}" />`,
      ...alternates,
      ...appHead,
      ...css.map((file) => `<link rel="stylesheet" href="/${file}" />`),
    ].join('\n    ');
    const page = (texts) => template
      .replace(/<html lang="[^"]*" dir="[^"]*">/, `<html lang="${rendered.htmlLang}" dir="${rendered.dir}">`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(rendered.title)}</title>`)
      .replace(/<meta name="description" content="[^"]*" \/>/, `<meta name="description" content="${escapeHtml(rendered.description)}" />`)
      .replace(/<meta name="keywords" content="[^"]*" \/>/, `<meta name="keywords" content="${escapeHtml(rendered.keywords)}" />`)
      .replace('</head>', `  ${head}\n  </head>`)
      .replace('<div id="root"></div>', `<div id="root" data-prerendered="${lang}" data-page-chunks="${chunks.join(' ')}">${rendered.html}</div>${pageTextsElement(texts)}`);
    // Within the page's budget, the most it can carry: every key its code can ask for; then the keys
    // the site's frame names (a session's header) without the families its code opens (an error's
    // text, by code); then only what the render drew. Over budget, a page (a guide, whose shared code
    // can show any guide's texts) would take a round trip more to paint.
    let html = '';
    for (const keys of [codeKeysOf.get(chunkList), frameKeys, []]) {
      html = page(pageTexts(lang, keys, rendered.usedKeys));
      if (sentSize(html) <= PRERENDERED_PAGE_BUDGET_BYTES) break;
    }
    const file = path.join(dist, prerenderFile(pagePath, lang, variant));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, html);
    count++;
  }
}
process.stderr.write(`prerendered ${count} pages (${PRERENDERED_PATHS.length} paths x ${PRERENDER_LANGUAGES.length} languages, and the home page with the iOS notice open)\n`);
