import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { splitCss } from './scripts/lib/first-screen-css.mjs';
import { iconMaskCss, iconSprite } from './src/web/ui/icon-masks.js';

/**
 * React's modules, served by Preact's compatibility layer (decision 0038): the code is written
 * against React's API and types; the browser gets Preact (about 11 KB gzip instead of React DOM's
 * 65 KB), the server renders with preact-render-to-string, and the web tests run on the same
 * runtime as the browser (vitest.config.ts takes these aliases too).
 */
export const REACT_TO_PREACT = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

/** The dependencies that import React themselves (the aliases must reach them too). */
export const REACT_USERS = ['zustand', 'lucide-react'];

/** Where `npm run serve` listens; the dev server forwards API and sign-in calls to it. */
const apiTarget = 'http://127.0.0.1:8080';

/** Files smaller than this are served as they are (as the server's on-the-fly compression). */
const PRECOMPRESS_MIN_BYTES = 1024;
const PRECOMPRESS_TYPES = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy next to every text file of
 * the client build, once, at the highest levels: the server sends the copy the browser accepts
 * (spa.routes.ts, @fastify/static's preCompressed) instead of compressing on every request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'app-portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const visit = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const path = join(dir, name);
          if (statSync(path).isDirectory()) {
            if (name !== '.vite') visit(path);
            continue;
          }
          if (!PRECOMPRESS_TYPES.test(name)) continue;
          const content = readFileSync(path);
          if (content.length < PRECOMPRESS_MIN_BYTES) continue;
          writeFileSync(
            `${path}.br`,
            brotliCompressSync(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
          );
          writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
        }
      };
      visit(outDir);
    },
  };
}

/**
 * The sprite of the portal page's icons (src/web/ui/icon-masks.ts): one SVG file of every
 * drawing, named by a hash of its content like the other build files (`/assets/icons-<hash>.svg`,
 * served immutable, kept by the service worker).
 */
function iconSpriteFile(): { fileName: string; source: string } {
  const source = iconSprite();
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 10);
  return { fileName: `assets/icons-${hash}.svg`, source };
}

/**
 * Writes the icons' sprite into the client build, serves it in development, and puts the rules
 * that name each icon's drawing in it (one CSS rule each) into index.html's head, apart from the
 * stylesheet: every page has them once, and neither Tailwind nor React handles them. The sprite
 * is a file rather than data URLs in the rules: the browser then makes one image document for
 * all the icons once the file has arrived, not one per drawing while it styles the first screen
 * (decision 0048).
 */
function iconMasks(
  sprite: { fileName: string; source: string },
  { emit }: { emit: boolean },
): Plugin {
  const url = `/${sprite.fileName}`;
  return {
    name: 'app-portal:icon-masks',
    transformIndexHtml: (html) =>
      html.replace('</head>', `<style id="icon-masks">${iconMaskCss(url)}</style></head>`),
    configureServer(server) {
      server.middlewares.use(url, (_request, response) => {
        response.setHeader('content-type', 'image/svg+xml');
        response.end(sprite.source);
      });
    },
    generateBundle() {
      if (emit) this.emitFile({ type: 'asset', fileName: sprite.fileName, source: sprite.source });
    },
  };
}

/** index.html's script: waits for the first paint, then imports the entry (decision 0038). */
const START = 'src/web/start.ts';
/** The app's entry, an input of its own so that what it imports statically is `$initial`. */
const ENTRY = 'src/web/main.tsx';
/** Scripts only: the stylesheet stays the entry's, inlined by the server, never a dependency. */
const SCRIPT = /\.(m?js|tsx?)$/;
/**
 * The scripts the home page runs at its start beyond index.html's own: the app's entry
 * (main.tsx) and every chunk it imports statically. File names, entry first.
 */
function startChunks(bundle: Rolldown.OutputBundle): string[] {
  const entry = Object.values(bundle).find(
    (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(ENTRY) === true,
  );
  if (!entry) throw new Error('app-portal: no app entry chunk');
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
  };
  visit(entry.fileName);
  return [...files];
}

/**
 * The start's scripts in index.html (decisions 0020, 0038). index.html runs only start.ts,
 * which waits for the first paint and then imports the app's entry; a `<link
 * rel="modulepreload">` for each chunk of the start (startChunks) makes them download at once,
 * in parallel with the HTML's parsing and painting: no request chain. Every script of the start
 * is fetched with `fetchpriority="low"`: the page is painted from the server's HTML with the
 * stylesheet inlined, so no script is needed for the first paint and none should take
 * bandwidth from what is.
 */
function startScripts(): Plugin {
  return {
    name: 'app-portal:start-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) throw new Error('app-portal:start-scripts: no bundle');
        const low = (tag: string) => tag.replace(/^<(script|link) /, '<$1 fetchpriority="low" ');
        return {
          html: html.replace(/<script type="module"[^>]*>|<link rel="modulepreload"[^>]*>/g, low),
          tags: startChunks(bundle)
            .filter((fileName) => !html.includes(`"/${fileName}"`))
            .map((fileName) => ({
              tag: 'link',
              attrs: {
                rel: 'modulepreload',
                fetchpriority: 'low',
                crossorigin: true,
                href: `/${fileName}`,
              },
              injectTo: 'head' as const,
            })),
        };
      },
    },
  };
}

/** The attribute of the rest's link at the end of the body: never inlined. */
export const AFTER_PAINT = 'data-after-paint';

/**
 * The page's stylesheet in two (docs/web.md, "The stylesheet: first screen, then the rest";
 * decision 0061): index.html's head links a file of what the first screen needs
 * (scripts/lib/first-screen-css.mjs: all but the parts only an interaction shows), which the
 * server inlines, and the end of its body links those parts' rules alone, in the same layers,
 * which the browser loads without holding the first paint. The rest restyles only the elements
 * its selectors name: no custom property registration, no rule that matches what is shown.
 */
function firstScreenStylesheet(): Plugin {
  const emit = (
    context: { emitFile: (file: Rolldown.EmittedAsset) => string },
    name: string,
    css: string,
  ) => {
    const hash = createHash('sha256').update(css).digest('hex').slice(0, 10);
    const fileName = `assets/${name}-${hash}.css`;
    context.emitFile({ type: 'asset', fileName, source: css });
    return fileName;
  };
  return {
    name: 'app-portal:first-screen-stylesheet',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const page = bundle['index.html'];
        if (page?.type !== 'asset') return;
        const html = String(page.source);
        const link = /<link rel="stylesheet"[^>]*? href="\/(assets\/[^"]+\.css)"[^>]*>/.exec(html);
        const file = link?.[1];
        const whole = file === undefined ? undefined : bundle[file];
        if (!link || file === undefined || whole?.type !== 'asset') {
          throw new Error('app-portal:first-screen-stylesheet: index.html links no stylesheet');
        }
        const { first, rest } = splitCss(String(whole.source));
        const firstFile = emit(this, 'first-screen', first);
        const restFile = emit(this, 'after-paint', rest);
        page.source = html
          .replace(link[0], `<link rel="stylesheet" href="/${firstFile}">`)
          .replace('</body>', `<link rel="stylesheet" href="/${restFile}" ${AFTER_PAINT}></body>`);
      },
    },
  };
}

/** The service worker's source (hand-written, decision 0030); the build writes it to /sw.js. */
const SERVICE_WORKER = 'src/web/sw/sw.js';

/**
 * Writes the service worker (`dist/web/sw.js`, not hashed: browsers look for it at one URL) from
 * its source with two constants filled in: `VERSION`, a hash of every built file's name (hashed
 * names change with their content, so any change of the build is a new version and a new
 * worker), and `PRECACHE`, the scripts the home page loads first (the start, the app's entry and
 * what it imports) and the files its first screen asks for (`firstPaintFiles`: the icons'
 * sprite), kept at install so that the next visit needs no request for them, offline too.
 */
function serviceWorker(firstPaintFiles: string[]): Plugin {
  return {
    name: 'app-portal:service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle).sort();
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      // index.html's chunk: start.ts.
      const start = Object.values(bundle).find(
        (output) =>
          output.type === 'chunk' &&
          output.isEntry &&
          output.moduleIds.some((id) => id.endsWith(START)),
      );
      if (!start || start.type !== 'chunk') throw new Error('app-portal:service-worker: no start');
      const precache = [
        ...new Set([start.fileName, ...start.imports, ...startChunks(bundle), ...firstPaintFiles]),
      ]
        .filter((name) => name.startsWith('assets/'))
        .map((name) => `/${name}`);
      const source = readFileSync(SERVICE_WORKER, 'utf8');
      const filled = source
        .replace(/^const VERSION = '[^']*';$/m, `const VERSION = '${version}';`)
        .replace(/^const PRECACHE = \[\];$/m, `const PRECACHE = ${JSON.stringify(precache)};`);
      if (!filled.includes(version) || filled.includes('const PRECACHE = [];')) {
        throw new Error(`app-portal:service-worker: ${SERVICE_WORKER} lost its constants`);
      }
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: filled });
    },
  };
}

const ICON_SPRITE = iconSpriteFile();

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    iconMasks(ICON_SPRITE, { emit: !isSsrBuild }),
    ...(isSsrBuild
      ? []
      : [
          startScripts(),
          firstScreenStylesheet(),
          serviceWorker([ICON_SPRITE.fileName]),
          precompress(),
        ]),
  ],
  resolve: { alias: REACT_TO_PREACT },
  // Bundled into the server-rendering bundle rather than imported from node_modules: they import
  // `react`, which must be Preact's there as in the browser.
  ssr: { noExternal: REACT_USERS },
  publicDir: isSsrBuild ? false : 'public',
  build: isSsrBuild
    ? {
        // The server-rendering bundle (src/web/entry-server.tsx), loaded by the server at start
        // (src/server/spa/page-renderer.ts); its dependencies stay in node_modules.
        outDir: 'dist/ssr',
        emptyOutDir: true,
        target: 'node20',
        copyPublicDir: false,
      }
    : {
        outDir: 'dist/web',
        emptyOutDir: true,
        // Read by scripts/check-budget.mjs to find what the home page loads first.
        manifest: true,
        // Every browser the portal supports has native modulepreload.
        modulePreload: { polyfill: false },
        target: 'es2022',
        // The engines the portal supports have `@scope` (decision 0050), so they have lab(),
        // oklch() and color-mix() too: no fallback colours in the inlined stylesheet (about a
        // fifth of it), which the script target alone would make Lightning CSS write.
        cssTarget: ['chrome118', 'firefox146', 'safari17.4'],
        rolldownOptions: {
          // index.html (its script is start.ts) and the app's entry, imported by start.ts once
          // the first paint is done: an input of its own, so that its static imports form the
          // `app` chunk below.
          input: { index: 'index.html', main: ENTRY },
          output: {
            codeSplitting: {
              groups: [
                {
                  // Vite's preload helper, in a chunk of its own: start.ts uses it too, and must
                  // not evaluate the app to get it (the app's modules would pull it in below).
                  name: 'preload-helper',
                  priority: 2,
                  test: (id: string) => id.includes('vite/preload-helper'),
                },
                {
                  // What the entry imports statically (the app and Preact; rolldown's `$initial`
                  // tag), in one chunk rather than a chunk for each small module it shares with
                  // the lazily loaded ones.
                  name: 'app',
                  tags: ['$initial'],
                  priority: 1,
                  test: (id: string) =>
                    SCRIPT.test(id) && !id.endsWith(ENTRY) && !id.endsWith(START),
                },
              ],
            },
          },
        },
      },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': apiTarget,
      '/auth': apiTarget,
    },
  },
}));
