import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { apiDocs } from './build/api-docs';
import { bundleReport } from './build/bundle-report';
import { compileHint, compileHintsFirst } from './build/compile-hints';
import { landingCatalog } from './build/landing-catalog';
import { panelsChunk, panelsChunkGroups } from './build/panels-chunk';
import { devProxy } from './build/dev-proxy';
import { prerenderLanding } from './build/prerender';

const root = fileURLToPath(new URL('.', import.meta.url));
const ADMIN_CODE = /\/src\/(features|entities|components)\/admin\//;
/** The landing page's first scripts: the entry and the app's start (codeSplitting below). */
const LANDING_FIRST_SCRIPTS = /(^|\/)assets\/(index|client|start)-/;
/** What every page has loaded before its first lazy import: the entry's scripts and the stylesheet. */
const ALWAYS_LOADED = /(^|\/)assets\/((index|client|start|rolldown-runtime)-[\w-]+\.js|index-[\w-]+\.css)$/;
const ADMIN_ONLY_SHARED = /\/node_modules\/|\/web\/src\/(lib|components\/ui)\/|\/shared\/src\//;
// WEB_BUILD_ID (optional): a tag in every script's name, so a build never reuses the previous
// build's file names even when the code is the same (the journey that deploys while a page is
// open, e2e/rebuild-while-open.spec.ts). Unset, the names are Vite's usual [name]-[hash].js.
const BUILD_TAG = process.env.WEB_BUILD_ID ? `-${process.env.WEB_BUILD_ID.replace(/\W/g, '')}` : '';

/**
 * Parts of TanStack Query the app's start does not use: its barrel (`@tanstack/react-query`) imports
 * them, so they are in the start's static graph, but only lazy screens call them (lists of
 * queries, mutations, infinite lists, the persister's dehydrate and hydrate). Left out of 'start',
 * they go to the lazy chunks that use them (2.2 KB gzip off the landing's first script: 101.1 to 99.0 KB).
 */
const NOT_AT_START =
  /\/@tanstack\/(query-core|react-query)\/build\/modern\/(useQueries|queriesObserver|useMutation|mutationObserver|useMutationState|useInfiniteQuery|infiniteQueryObserver|useSuspense\w*|usePrefetch\w*|useIsFetching|HydrationBoundary|hydration|streamedQuery)\.js$/;

/**
 * The chunk of each module the app's start imports statically: 'client' for React DOM's client and
 * what it imports, 'start' for the rest of app/start.tsx's static graph, null for any other.
 */
const startChunks = (() => {
  const startId = fileURLToPath(new URL('src/app/start.tsx', import.meta.url));
  let chunkOf: Map<string, string> | undefined;
  const closure = (ctx: ChunkingContext, from: string, into: Map<string, string>, chunk: string) => {
    const queue = [from];
    while (queue.length) {
      const id = queue.pop()!;
      if (into.has(id) || NOT_AT_START.test(id)) continue;
      into.set(id, chunk);
      queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
    }
  };
  return {
    name: (id: string, ctx: ChunkingContext): string | null => {
      if (!chunkOf) {
        chunkOf = new Map();
        const client = ctx
          .getModuleInfo(startId)
          ?.importedIds.find((imported) => /\/react-dom\/client\.js$/.test(imported));
        if (!client) throw new Error('app/start.tsx does not import react-dom/client');
        closure(ctx, client, chunkOf, 'client');
        closure(ctx, startId, chunkOf, 'start');
      }
      return chunkOf.get(id) ?? null;
    },
  };
})();
type ChunkingContext = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

export default defineConfig(({ isSsrBuild }) => ({
  root,
  publicDir: 'public',
  resolve: {
    alias: [
      // `@/...` is web/src and `@shared/...` is shared/src (the same in web/tsconfig.json,
      // vitest.config.ts and eslint.config.js; docs/decisions/027-web-layout.md).
      { find: /^@\//, replacement: fileURLToPath(new URL('src/', import.meta.url)) },
      { find: /^@shared\//, replacement: fileURLToPath(new URL('../shared/src/', import.meta.url)) },
      // React 19 has the hook the shim backfills for older Reacts (web/src/lib/use-sync-external-store.ts).
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('src/lib/use-sync-external-store.ts', import.meta.url)),
      },
    ],
  },
  build: {
    // WEB_OUT_DIR (absolute): a separate build, e.g. for parallel e2e runs (scripts/serve-e2e.mjs).
    outDir: process.env.WEB_OUT_DIR ?? '../dist/web',
    emptyOutDir: true,
    sourcemap: process.env.WEB_SOURCEMAP === '1',
    // A dynamic import fetches the chunk and every chunk it imports statically in one wave: the list
    // of those files is in the importing chunk. Lists of back-office chunks (admin-*) stay out of
    // the landing page's first scripts ('index', 'client', 'start'): an admin chunk they import
    // fetches its own as it runs. Everywhere else (the route table, app/more-routes.tsx, and the
    // back office's own chunks) they are listed, so a back-office screen's code is one wave rather
    // than a chain of imports one after the other (decision 055).
    modulePreload: {
      // No polyfill for `<link rel="modulepreload">` (0.25 KB gzip of the landing's first script):
      // every browser since Safari 17 and Firefox 115 has it, and the landing page's HTML has none;
      // a browser without it fetches the other pages' route table as the page imports it. Vite's
      // own preload of a lazy chunk's files falls back to `rel="preload"` there.
      polyfill: false,
      // Nor the files every page has loaded before any chunk can ask for another (the entry, React
      // DOM, the app's start, the runtime, and the stylesheet the HTML links): listing them again
      // in every lazy import's list cost the landing's first script bytes and preloaded nothing.
      resolveDependencies: (filename, deps, { hostId, hostType }) =>
        hostType === 'html' || (/(^|\/)admin-/.test(filename) && LANDING_FIRST_SCRIPTS.test(hostId))
          ? []
          : deps.filter((dep) => !ALWAYS_LOADED.test(dep)),
    },
    rolldownOptions: {
      output: {
        // Chunks made only of admin code (features/admin, and the back office's shared parts in
        // entities/admin and components/admin) are named admin-*, kept out of the guest's precache.
        // So does a chunk of admin code with the libraries and shared helpers only it uses (the
        // statistics' charts, date-range picker and figure formats; the photo manager's media rules
        // in shared/src): chunks group modules by the screens that import them, so a module a guest
        // screen imports never shares a chunk with admin code.
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => ADMIN_CODE.test(id)) &&
          chunk.moduleIds.every((id) => ADMIN_CODE.test(id) || ADMIN_ONLY_SHARED.test(id))
            ? `assets/admin-[name]-[hash]${BUILD_TAG}.js`
            : `assets/[name]-[hash]${BUILD_TAG}.js`,
        // The prerender's SSR build (web/build/prerender.ts) keeps its entry's plain name.
        ...(isSsrBuild
          ? {}
          : {
              entryFileNames: `assets/[name]-[hash]${BUILD_TAG}.js`,
              // V8's compile hint on the chunks a page runs most of as it draws (build/compile-hints.ts):
              // after minification, which would drop the comment.
              postBanner: compileHint,
              // Everything the landing page's first script imports statically, in one file with it
              // ('$initial'), rather than a dozen small chunks shared with the lazy screens: one
              // request, and one gzip stream that compresses React, the query client and the app's
              // shell together (decision 021).
              // The app's start is then two more chunks, each one file for the same reasons, imported
              // one after the other by the entry so that each is evaluated in a task of its own
              // (app/main.tsx, decision 053): React DOM with React ('client'), then everything
              // app/start.tsx imports statically ('start'), including the parts it shares with lazy
              // screens, which always load after it.
              codeSplitting: {
                groups: [
                  { name: 'index', tags: ['$initial'] },
                  { name: startChunks.name, debugName: 'client and start' },
                  // The code every landing panel needs, in one file (build/panels-chunk.ts).
                  ...panelsChunkGroups(),
                ],
              },
            }),
      },
    },
  },
  // The photo manager's AVIF encoder (entities/admin/media/avif-encoder.worker.ts) is the only
  // worker: named admin-* like the back office's chunks, so the guest's precache leaves it out
  // and the worker gets the back office's own CSP (worker/src/index.ts); its WASM is an asset.
  worker: {
    format: 'es' as const,
    rolldownOptions: {
      output: {
        entryFileNames: `assets/admin-[name]-[hash]${BUILD_TAG}.js`,
        chunkFileNames: `assets/admin-[name]-[hash]${BUILD_TAG}.js`,
      },
    },
  },
  plugins: [
    react(),
    // Lingui's macros (t, Trans, msg) run through Babel (the same as in the tests' web projects).
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    // Catalogs compile on import; a missing Arabic or English translation fails the build.
    lingui({ failOnMissing: true, failOnCompileError: true }),
    // Checks the panels' chunk's list before the landing catalogue's check runs (build/panels-chunk.ts).
    panelsChunk(),
    // The landing page's own messages as a catalogue of their own (`@/locales/ar.po?landing`).
    landingCatalog({ failOnMissing: true }),
    tailwindcss(),
    // The client build only: the prerender's own SSR build (web/build/prerender.ts) needs none.
    ...(isSsrBuild
      ? []
      : [
          bundleReport(),
          compileHintsFirst(),
          prerenderLanding(),
          // The API reference page's files (/api/docs), served from our own origin.
          apiDocs(),
          VitePWA({
            registerType: 'autoUpdate',
            injectRegister: false,
            pwaAssets: {
              image: 'public/icon.svg',
              preset: 'minimal-2023',
              overrideManifestIcons: true,
              includeHtmlHeadLinks: true,
            },
            manifest: {
              id: '/',
              name: 'فندق المعبيلة · Al Maabila Hotel',
              short_name: 'المعبيلة',
              description:
                'احجز غرفتك، اجمع النقاط، وشارك في السحوبات الشهرية · Book rooms, earn points, enter monthly draws',
              lang: 'ar',
              dir: 'rtl',
              start_url: '/',
              scope: '/',
              display: 'standalone',
              orientation: 'portrait',
              background_color: '#fbf8f3',
              theme_color: '#0f4c5c',
              categories: ['travel', 'lifestyle'],
              // Chromium's manifest localisation: the English names for English devices.
              translations: {
                en: {
                  name: 'Al Maabila Hotel',
                  short_name: 'Al Maabila',
                  description: 'Book rooms, earn points, enter monthly draws',
                },
              },
            } as Record<string, unknown>,
            // Our own service worker (web/src/sw.ts): the same caching as before plus the outbox's
            // Background Sync (docs/decisions/007-offline-outbox.md).
            strategies: 'injectManifest',
            srcDir: 'src',
            filename: 'sw.ts',
            injectManifest: {
              // The guest shell, its lazy screens and the Arabic font; admin chunks are fetched when opened,
              // the API reference's files (api-docs/) only by that page.
              // API data is not cached here: the persisted query cache (IndexedDB) keeps it for offline use.
              globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
              globIgnores: ['**/assets/admin-*', 'api-docs/**'],
            },
          }),
        ]),
  ],
  server: {
    port: 5173,
    proxy: devProxy,
  },
}));
