// Production build: esbuild bundles src/ into hashed files, writes index.html, the list of client routes for the
// server, and precompressed copies.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { descriptions } from './src/app/descriptions.js';
import { faceFont, LOADER_FACES } from './src/app/loader-faces.js';
import { checkedRoutePages } from './src/app/route-pages.js';
import bengali from './src/i18n/bn.js';
import { hasArea, LANGUAGES } from './src/i18n/languages.js';
import { routeTable, siteRoutes } from './src/app/route-table.js';

const root = dirname(fileURLToPath(import.meta.url));
const dist = join(root, 'dist');
const assets = join(dist, 'assets');
const entry = 'src/main.jsx';
// What each download may weigh, gzipped; the build fails past any of them (docs/development.md, "Benchmark").
const budgets = { firstLoadJs: 45 * 1024, adminChunk: 30 * 1024, renderBlockingCss: 8 * 1024 };
const compressible = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt', '.webmanifest']);
// The browser's colour for the site (the address bar, the installed app's title bar).
const THEME_COLOUR = '#c2410c';

rmSync(dist, { recursive: true, force: true });
mkdirSync(assets, { recursive: true });

const shared = {
  absWorkingDir: root,
  outdir: assets,
  publicPath: '/assets/',
  bundle: true,
  minify: !process.env.JYOTI_NO_MINIFY,
  target: ['chrome100', 'edge100', 'firefox100', 'safari15'],
  assetNames: '[name]-[hash]',
  loader: { '.svg': 'file', '.png': 'file', '.webp': 'file', '.jpg': 'file' },
  metafile: true,
  logLevel: 'warning',
  // The licence texts of bundled packages go to a .LEGAL.txt beside each file, linked from it, not into every download.
  legalComments: 'linked',
};

// Components import their own CSS, but esbuild would give each lazy chunk a stylesheet of its own that nothing
// links. So the JS build only notes the CSS imports, and a second build joins them, in import order, into the
// one stylesheet that index.html links.
const CSS_STUB = 'css-import';
const collectCss = {
  name: 'collect-css',
  setup(b) {
    b.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData === CSS_STUB || !/\.[cm]?jsx?$/.test(args.importer)) return undefined;
      const resolved = await b.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: CSS_STUB,
      });
      if (resolved.errors.length > 0 || !resolved.path.endsWith('.css')) return undefined;
      return { path: resolved.path, namespace: CSS_STUB };
    });
    b.onLoad({ filter: /.*/, namespace: CSS_STUB }, () => ({ contents: '', loader: 'js' }));
  },
};

// Each area of each catalog is a file of its own, in one folder named for their contents: assets/words-HASH/LANG-AREA.js,
// which index.html names (languages.js). The app loads an area when a page says its words.
const catalogs = await build({
  ...shared,
  entryPoints: Object.entries(LANGUAGES).flatMap(([lang, { areas }]) =>
    areas.map((area) => ({ in: `src/i18n/${lang}/${area}.js`, out: `${lang}-${area}` })),
  ),
  format: 'esm',
  write: false,
});
const wordsFolder = `words-${createHash('sha256')
  .update(catalogs.outputFiles.map((file) => `${relative(assets, file.path)}\0${file.text}`).join('\0'))
  .digest('base64url')
  .slice(0, 10)}`;
mkdirSync(join(assets, wordsFolder));
const wordsFile = (lang, area) => join(assets, wordsFolder, `${lang}-${area}.js`);
for (const file of catalogs.outputFiles) writeFileSync(join(assets, wordsFolder, relative(assets, file.path)), file.contents);

// V8's explicit compile hint: each file is compiled whole while it downloads, off the main thread, instead of
// function by function on first call inside the app's first tasks (a third of their time on a cold phone).
const esbuildBanner = { js: '//# allFunctionsCalledOnLoad' };

const appBuild = (plugins, write = true) =>
  build({
    ...shared,
    entryPoints: [entry],
    splitting: true,
    format: 'esm',
    entryNames: '[name]-[hash]',
    chunkNames: '[name]-[hash]',
    jsx: 'automatic',
    // Preact's compat layer stands in for React and React DOM (and for them inside React Router, the toasts and
    // Swiper): the same components at a tenth of the download, which keeps a phone's first load small.
    alias: { react: 'preact/compat', 'react-dom': 'preact/compat' },
    define: {
      'process.env.NODE_ENV': '"production"',
      // The header's logos where an admin chose no photo: in the code, so the first screen asks for no picture.
      DRAWINGS: JSON.stringify({ club: svgAddress('art/logo-jyoti.svg'), college: svgAddress('art/logo-jgec.svg') }),
    },
    banner: esbuildBanner,
    plugins: [collectCss, ...plugins],
    write,
  });

/**
 * One first-load chunk instead of twenty. esbuild puts a module shared by the entry and some lazy parts (pages, the
 * admin area) into a chunk per set of sharers, so the first load was twenty small files: on a phone's network,
 * queued six at a time, each costs a round trip. A first build finds the modules the entry loads at once and the
 * lazy parts; the second has every lazy part import those modules too (they are loaded and run by then, so the
 * import changes nothing at run time): shared by all alike, they make one chunk.
 */
async function oneFirstLoadChunk() {
  const probe = await appBuild([], false);
  const { inputs, outputs: probed } = probe.metafile;
  const [main] = Object.entries(probed).find(([, meta]) => meta.entryPoint === entry);
  const firstLoad = [main, ...staticClosure(main, probed)];
  const modules = firstLoad
    .flatMap((file) => Object.keys(probed[file].inputs))
    .filter((input) => input in inputs && /\.[cm]?jsx?$/.test(input) && !input.includes(':'))
    // A package's module that says it has no side effects is not kept by a bare import (esbuild drops it).
    .filter((input) => !input.startsWith('node_modules/'));
  const lazyParts = new Set(
    Object.values(probed)
      .map((meta) => meta.entryPoint)
      .filter((point) => point && point !== entry)
      .filter((point) => point.startsWith('src/'))
      .map((point) => join(root, point)),
  );
  const FIRST_LOAD = 'jyoti:first-load';
  return {
    name: 'one-first-load-chunk',
    setup(b) {
      b.onResolve({ filter: /^jyoti:first-load$/ }, () => ({ path: FIRST_LOAD, namespace: FIRST_LOAD }));
      b.onLoad({ filter: /.*/, namespace: FIRST_LOAD }, () => ({
        contents: modules.map((module) => `import ${JSON.stringify(join(root, module))};`).join('\n'),
        resolveDir: root,
        loader: 'js',
      }));
      b.onLoad({ filter: /\.[cm]?jsx?$/ }, (args) => {
        if (!lazyParts.has(args.path)) return undefined;
        const source = readFileSync(args.path, 'utf8');
        const loader = args.path.endsWith('x') ? 'jsx' : 'js';
        return { contents: `import ${JSON.stringify(FIRST_LOAD)};\n${source}`, loader };
      });
    },
  };
}

const js = await appBuild([await oneFirstLoadChunk()]);

// The admin area's, the toasts' and the notices' Share menu and email form's styles go into stylesheets of their
// own, which their code links when it loads (src/lib/stylesheets.js): the render-blocking stylesheet holds only what
// the public pages show at once.
const lazyParts = {
  admin: 'src/app/admin-screens.js',
  toasts: 'src/app/toast-host.jsx',
  share: 'src/features/notices/share-menu.jsx',
  follow: 'src/features/notices/follow-form.jsx',
};
const cssFiles = cssInImportOrder(js.metafile.inputs, entry, new Set(Object.values(lazyParts)));
const cssBuild = (files, name) =>
  build({
    ...shared,
    stdin: { contents: files.map((f) => `@import ${JSON.stringify(f)};`).join('\n'), loader: 'css', resolveDir: root },
    entryNames: `${name}-[hash]`,
    // The stylesheets' few small drawings (the social icons) come inside them: no request of their own, each a round
    // trip on a phone's network before the first screen is whole.
    loader: { ...shared.loader, '.svg': 'dataurl' },
  });
const cssOut = async (files, name) =>
  Object.keys((await cssBuild(files, name)).metafile.outputs).find((file) => file.endsWith('.css'));
const cssFile = await cssOut(cssFiles, 'main');
const shown = new Set(cssFiles.map((f) => `${CSS_STUB}:${f}`));
const lazyCss = {};
// A part's stylesheet holds what its own modules bring, not what another part's does (a Share menu's is not the admin's).
for (const [name, start] of Object.entries(lazyParts)) {
  const others = Object.values(lazyParts).filter((part) => part !== start);
  lazyCss[name] = await cssOut(cssInImportOrder(js.metafile.inputs, start, new Set([...shown, ...others])), name);
}

const outputs = js.metafile.outputs;

// The compile hint pays off in the large files only: a file of a few hundred bytes compiles in a moment, and the
// hint's line would be a tenth of its download. The small shared chunks lose it.
const COMPILE_HINT = `${esbuildBanner.js}\n`;
for (const file of Object.keys(outputs).filter((name) => name.endsWith('.js'))) {
  const body = readFileSync(join(root, file), 'utf8');
  if (body.length < 4096 && body.startsWith(COMPILE_HINT)) writeFileSync(join(root, file), body.slice(COMPILE_HINT.length));
}
const url = (file) => '/' + relative(dist, join(root, file)).split('\\').join('/');
const [entryFile] = Object.entries(outputs).find(([, meta]) => meta.entryPoint === entry);

/**
 * The CSS files reached from `start`, depth first in source order (the order a bundler would apply them), not
 * going into the modules of `skip`.
 */
function cssInImportOrder(inputs, start, skip = new Set()) {
  const order = [];
  const seen = new Set(skip);
  (function visit(path) {
    if (seen.has(path)) return;
    seen.add(path);
    if (path.startsWith(`${CSS_STUB}:`)) {
      order.push(path.slice(CSS_STUB.length + 1));
      return;
    }
    for (const imported of inputs[path]?.imports ?? []) visit(imported.path);
  })(start);
  return order;
}

/** The chunks `file` of a build's `outputs` imports statically, directly or through others. */
function staticClosure(file, from = outputs, seen = new Set()) {
  for (const imp of from[file].imports) {
    if (imp.kind === 'import-statement' && !seen.has(imp.path)) {
      seen.add(imp.path);
      staticClosure(imp.path, from, seen);
    }
  }
  return seen;
}
// Every chunk the entry pulls in statically is needed before first render: preload them in parallel.
const preloads = [...staticClosure(entryFile)];

// The words Home waits for before it first shows, in English: the frame's and its own (the route table's `words`). They
// count in its first load.
const [frame] = routeTable;
const homeWords = [...frame.words, ...frame.children.find((route) => route.index).words]
  .filter((area) => hasArea('en', area))
  .map((area) => relative(root, wordsFile('en', area)));

// Throws on a route the server could not describe: the build stops rather than ship a site of 404s. The Bengali
// twins get their words from the Bengali catalog; the server needs each page's language and its twin's path for the
// head tags (lang, hreflang) and the sitemap.
const pageList = withPreloads(bengaliWords(checkedRoutePages(siteRoutes, descriptions)));
const index = indexHtml();
writeFileSync(join(dist, 'index.html'), index);
writeFileSync(join(dist, 'routes.json'), JSON.stringify(pageList));
cpSync(join(root, 'public'), dist, { recursive: true });
writeManifests();
await buildWorker(index);

const files = walk(dist);
for (const file of files) {
  if (!compressible.has(extname(file))) continue;
  const body = readFileSync(file);
  writeFileSync(file + '.gz', gzipSync(body, { level: 9 }));
  writeFileSync(
    file + '.br',
    brotliCompressSync(body, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 11,
        [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      },
    }),
  );
}

summarise();

/**
 * A drawing of public/ as a data address: the page's icon and the loader's logo come with the page, so the first round
 * of requests is the stylesheet and the code alone (the same files are still served for whoever asks).
 */
function svgAddress(file) {
  return `data:image/svg+xml,${encodeURIComponent(readFileSync(join(root, 'public', file), 'utf8').trim())}`;
}

function indexHtml() {
  const home = pageList.pages.find((page) => page.path === '/');
  const preloadLinks = preloads.map((f) => `    <link rel="modulepreload" href="${url(f)}">\n`).join('');
  const lazyCssMeta = Object.entries(lazyCss)
    .map(([name, file]) => `    <meta name="jyoti-css-${name}" content="${url(file)}">\n`)
    .join('');
  // Unseen, and gone once the app draws its own loader: by then the browser has looked up each face's font.
  const faces = LOADER_FACES.map(
    (face) => `<span${face.lang ? ` lang="${face.lang}"` : ''} style="font:${faceFont(face)}">${face.lang === 'bn' ? 'অ' : 'Aa'}</span>`,
  ).join('');
  const loaderFaces = `<span class="loader-faces" aria-hidden="true">${faces}</span>`;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="description" content="${attribute(home.description)}">
    <meta name="theme-color" content="${THEME_COLOUR}">
    <title>JYOTI - A RAY OF HOPE</title>
    <link rel="icon" href="${svgAddress('favicon.svg')}" type="image/svg+xml">
    <link rel="manifest" href="/manifest.webmanifest">
    <link rel="stylesheet" href="${url(cssFile)}">
${lazyCssMeta}    <meta name="jyoti-words" content="${url(relative(root, join(assets, wordsFolder)))}">
${preloadLinks}    <script type="module" src="${url(entryFile)}"></script>
  </head>
  <body>
    <div id="root"><div class="loader" role="status"><div class="loader-mark"><span class="loader-lamp"></span><img class="loader-logo" src="${svgAddress('art/logo-jyoti.svg')}" alt="" width="96" height="96"></div><p class="loader-name">Jyoti</p><span class="visually-hidden">Loading</span>${loaderFaces}</div></div>
    <noscript>Jyoti's website needs JavaScript to show its pages.</noscript>
  </body>
</html>
`;
}

/**
 * The installed app's manifests, one a language (index.html links the English one; the server links a Bengali page
 * to its own): the club's names and icons, starting at that language's Home.
 */
function writeManifests() {
  const home = pageList.pages.find((page) => page.path === '/');
  const manifest = (lang, names) => ({
    id: '/',
    lang,
    dir: 'ltr',
    ...names,
    start_url: lang === 'en' ? '/' : `/${lang}`,
    scope: '/',
    display: 'standalone',
    background_color: '#fff7ed',
    theme_color: THEME_COLOUR,
    icons: [192, 512].map((size) => ({ src: `/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any maskable' })),
  });
  writeFileSync(
    join(dist, 'manifest.webmanifest'),
    JSON.stringify(manifest('en', { name: 'JYOTI - A RAY OF HOPE', short_name: 'Jyoti', description: home.description })),
  );
  mkdirSync(join(dist, 'bn'), { recursive: true });
  const bengaliHome = pageList.pages.find((page) => page.path === '/bn');
  writeFileSync(
    join(dist, 'bn', 'manifest.webmanifest'),
    JSON.stringify(manifest('bn', { name: bengali['manifest name'], short_name: bengali['manifest short name'], description: bengaliHome.description })),
  );
}

/**
 * The service worker, dist/sw.js (src/service-worker/worker.js), and what it keeps of the release:
 * - RELEASE_FILES, what it may keep: the app's code the public pages reach (never the admin area's), the stylesheets
 *   but the admin's, the catalogs, and the pictures the build ships;
 * - KEPT_AT_ONCE, what it fetches as it installs: what the pages that work offline need (Home with "Visit us", the
 *   board and a notice's page, Support's note, Contact, the not-found page) in both languages. The rest is kept as
 *   the visitor's pages fetch it. Files the first page loaded come from the browser's cache, not the network again.
 * The release's name is a hash of them and of index.html, so each release is a worker of its own.
 */
async function buildWorker(html) {
  const [adminChunk] = Object.entries(outputs).find(([, meta]) => meta.entryPoint === lazyParts.admin);
  const reached = (starts, { dynamic }) => {
    const code = new Set();
    (function reach(file) {
      if (file === adminChunk || code.has(file)) return;
      code.add(file);
      for (const imported of outputs[file].imports) {
        if (!imported.external && (dynamic || imported.kind === 'import-statement')) reach(imported.path);
      }
    })(entryFile);
    for (const start of starts) {
      const [file] = Object.entries(outputs).find(([, meta]) => meta.entryPoint === start) ?? [];
      if (!file) throw new Error(`the service worker keeps ${start}, which the build did not make a chunk of`);
      code.add(file);
      for (const imported of outputs[file].imports) if (imported.kind === 'import-statement') code.add(imported.path);
    }
    return code;
  };
  const offlinePages = [
    'src/features/notices/notice-board-page.jsx',
    'src/features/notices/notice-page.jsx',
    'src/features/support/support-page.jsx',
    'src/features/contacts/contact-page.jsx',
    'src/features/not-found/not-found-page.jsx',
    'src/lib/offline-copy.js',
    // What those pages fetch as they show: Home's carousels, the toasts, the board's Share and email form.
    'src/features/home/carousel.jsx',
    'src/features/home/swiper-start.js',
    'src/app/toast-host.jsx',
    'src/features/notices/share-menu.jsx',
    'src/features/notices/follow-form.jsx',
  ];
  const offlineWords = ['shell', 'pages', 'home', 'notices', 'support', 'contact', 'form'];
  const styles = [cssFile, ...Object.entries(lazyCss).filter(([name]) => name !== 'admin').map(([, file]) => file)];
  const shipped = walk(dist)
    .filter((file) => !/\.(gz|br|webmanifest|json|html)$/.test(file))
    .map((file) => relative(root, file))
    .filter((file) => !file.startsWith(relative(root, assets)) || file.includes(wordsFolder));
  const release = [...new Set([...reached([], { dynamic: true }), ...styles, ...shipped])].map(url).sort();
  const words = Object.keys(LANGUAGES).flatMap((lang) =>
    offlineWords.filter((area) => hasArea(lang, area)).map((area) => relative(root, wordsFile(lang, area))),
  );
  const shippedArt = shipped.filter((file) => !file.includes(wordsFolder));
  const atOnce = [...new Set([...reached(offlinePages, { dynamic: false }), ...styles, ...words, ...shippedArt])]
    .map(url)
    .sort();
  const missing = atOnce.filter((file) => !release.includes(file));
  if (missing.length > 0) throw new Error(`the service worker would keep files it may not: ${missing.join(', ')}`);
  const name = createHash('sha256').update(html).update(release.join('\n')).digest('base64url').slice(0, 12);
  const worker = await build({
    ...shared,
    entryPoints: ['src/service-worker/worker.js'],
    outdir: undefined,
    outfile: join(dist, 'sw.js'),
    format: 'iife',
    metafile: false,
    legalComments: 'none',
    define: {
      RELEASE: JSON.stringify(name),
      RELEASE_FILES: JSON.stringify(release),
      KEPT_AT_ONCE: JSON.stringify(atOnce),
    },
  });
  if (worker.errors.length > 0) throw new Error('the service worker did not build');
}

/** The page list with the Bengali pages' titles and descriptions in Bengali, and where the Bengali twins are. */
/**
 * Each page with what it loads before it shows beyond the first load (`preload`: its chunk, the chunks that imports,
 * and its words in its language), which the server names in the page's head so they come with the entry's code
 * instead of a round trip after it. A page's code is the module its route's `load` imports.
 */
function withPreloads(list) {
  const firstLoad = new Set([entryFile, ...preloads]);
  const moduleOf = (load) => {
    const imported = /import\(\s*['"]([^'"]+)['"]\s*\)/.exec(load?.toString() ?? '')?.[1];
    return imported && relative(root, join(root, 'src/app', imported)).split('\\').join('/');
  };
  const chunkOf = (module) => Object.entries(outputs).find(([, meta]) => module && meta.entryPoint === module)?.[0];
  const pages = list.pages.map(({ load, words, ...page }) => {
    const chunk = chunkOf(moduleOf(load));
    // Home's carousels are drawn right after its first screen: their code comes with the page too.
    const also = page.english === '/' ? [chunkOf('src/features/home/carousel.jsx')] : [];
    const code = [...new Set([chunk, ...also].filter(Boolean).flatMap((file) => [file, ...staticClosure(file)]))].filter(
      (file) => !firstLoad.has(file),
    );
    const said = words.filter((area) => hasArea(page.lang, area)).map((area) => relative(root, wordsFile(page.lang, area)));
    if (load && !chunk) throw new Error(`The build found no chunk for ${page.path}'s code`);
    return { ...page, preload: [...code, ...said].map(url) };
  });
  return { ...list, pages };
}

function bengaliWords(list) {
  const word = (key, english) => {
    if (english === undefined) return undefined;
    const found = bengali[key];
    if (found === undefined) throw new Error(`The Bengali catalog has no "${key}" (src/i18n/bn/pages.js)`);
    return found;
  };
  const pages = list.pages.map((page) =>
    page.lang === 'bn'
      ? {
          ...page,
          title: word(`page ${page.english}`, page.title),
          description: word(`page ${page.english} description`, page.description),
        }
      : page,
  );
  // What the server writes itself in Bengali: the loading screen, a few sentences of previews and the feed, and the
  // dates in them.
  const words = {
    ...Object.fromEntries(Object.entries(bengali).filter(([key]) => /^(server |loader\.)/.test(key))),
    ...dateWords(LANGUAGES.bn.locale),
  };
  return { ...list, pages, languages: { bn: { prefix: '/bn', notFound: word('page *', list.notFound), words } } };
}

/**
 * How `locale` writes a day, read from Intl as the app's pages write one (the notice board's dates): its digits, its
 * months' names and their order, for the server's link previews ("২০ নভেম্বর, ২০২৬", src/assets.rs Language::date).
 */
function dateWords(locale) {
  const digit = new Intl.NumberFormat(locale, { useGrouping: false });
  const month = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const parts = new Set(['day', 'month', 'year']);
  return {
    'server digits': Array.from({ length: 10 }, (_, value) => digit.format(value)).join(''),
    'server months': Array.from({ length: 12 }, (_, index) => month.format(Date.UTC(2026, index, 1))).join('|'),
    'server date': day
      .formatToParts(Date.UTC(2026, 10, 20))
      .map((part) => (parts.has(part.type) ? `{${part.type}}` : part.value))
      .join(''),
  };
}

/** Text made safe for an HTML attribute value. */
function attribute(text) {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

function gzipSize(file) {
  return existsSync(file + '.gz') ? statSync(file + '.gz').size : gzipSync(readFileSync(file), { level: 9 }).length;
}

function summarise() {
  const kb = (n) => (n / 1024).toFixed(1).padStart(7) + ' KB';
  console.log('dist/ written:');
  for (const file of walk(dist).filter((f) => !f.endsWith('.gz') && !f.endsWith('.br')).sort()) {
    const size = statSync(file).size;
    const gz = compressible.has(extname(file)) ? `${kb(gzipSize(file))} gzip` : '';
    console.log(`  ${relative(dist, file).padEnd(44)} ${kb(size)} ${gz}`);
  }
  const gzipOf = (files) => [...files].reduce((sum, f) => sum + gzipSize(join(root, f)), 0);
  // The code index.html loads, and the words Home waits for.
  const firstLoad = new Set([entryFile, ...preloads, ...homeWords]);
  // The admin area's own chunk (what it shares with the public pages' chunks, they fetch anyway).
  const [adminFile] = Object.entries(outputs).find(([, meta]) => meta.entryPoint === lazyParts.admin);
  const words = gzipOf(new Set(homeWords.filter((file) => file !== entryFile && !preloads.includes(file))));
  const measured = [
    ['first-load JS for /', gzipOf(firstLoad), budgets.firstLoadJs, `of which Home's English words ${kb(words).trim()}`],
    ['the admin chunk', gzipOf([adminFile]), budgets.adminChunk],
    ['render-blocking CSS', gzipOf([cssFile]), budgets.renderBlockingCss],
  ];
  for (const [what, size, budget, detail] of measured) {
    const within = size <= budget;
    const said = `${within ? 'within' : 'OVER'} the ${budget / 1024} KB budget${detail ? `; ${detail}` : ''}`;
    console.log(`${what}: ${kb(size).trim()} gzip (${said})`);
    if (!within) {
      console.error(`build: ${what} is over its ${budget / 1024} KB gzip budget`);
      process.exitCode = 1;
    }
  }
}
