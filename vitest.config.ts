import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import type { PluginOption } from 'vite';
import { defineConfig } from 'vitest/config';
import { landingCatalog } from './web/build/landing-catalog';
import { workerNodeTests } from './worker/vitest.config';

// The web's path aliases (as in web/vite.config.ts and web/tsconfig.json); the worker has only
// `@shared/...` (worker/tsconfig.json, worker/vitest.config.ts).
const sharedAlias = {
  find: /^@shared\//,
  replacement: fileURLToPath(new URL('shared/src/', import.meta.url)),
};
const alias = [
  { find: /^@\//, replacement: fileURLToPath(new URL('web/src/', import.meta.url)) },
  sharedAlias,
];

// The web tests that need a browser's globals (a DOM, localStorage, IndexedDB through Dexie):
// every component test (.tsx) and these. The others are logic on plain values and run on Node,
// which spares each of them a jsdom (e2e/TIMINGS.md "Unit and worker tests"). A new test that
// reads `window`, `document`, `localStorage` or the outbox's database belongs in this list.
const browserTests = [
  'web/src/**/*.test.tsx',
  'web/src/offline/sender.test.ts',
  'web/src/offline/booking-outbox.test.ts',
  'web/src/offline/extra-outbox.test.ts',
  'web/src/offline/outbox-storage.test.ts',
  'web/src/features/points/lib/points-purchase.test.ts',
  'web/src/lib/query-persistence.test.ts',
];
// Component tests that cannot run in a VM context (project web-dom-alone, a process per file):
// they use what Node's global scope has and a VM context lacks (CompressionStream), replace
// jsdom's window.location, which the window of a VM context does not allow, or end with a lazy
// import still loading (in a process of its own it ends with the file; in a worker thread it
// fails the run as an unhandled rejection).
const domTestsAlone = [
  'web/src/app/landing-messages.test.tsx',
  'web/src/features/bookings/components/booking-flow-provider.test.tsx',
  'web/src/features/bookings/components/manage/invoice-offline-screen.test.tsx',
  'web/src/features/bookings/components/manage/payment-section.test.tsx',
];
// A component test's own limit, above its waits' 5 s (web/src/lib/dom-test-setup.ts): on CI's two
// cores, shared with the build and the typecheck, a test of a form with a dozen fields took over the
// default 5 s, and its late answer then landed in the next test of its file.
const DOM_TEST_TIMEOUT = 15_000;
// (Typed as vite's plugin list: TypeScript 7 gives up on the inferred union inside defineConfig.)
const webPlugins = (): PluginOption[] => [
  react(),
  babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
  lingui(),
  landingCatalog(),
];

// Vitest no longer reads vitest.workspace.ts: the projects are listed here.
// - shared: pure functions on Node, in one module graph (nothing in them keeps state)
// - web: the web's logic on Node; web-dom: React units and browser storage in jsdom (Lingui
//   macros through Babel, as in the app build), each file in a VM context of its own;
//   web-dom-alone: the few that need a process of their own
// - worker: integration tests inside workerd with real D1 and R2 (worker/vitest.config.ts)
// - worker-node: the worker's tests that touch no binding, on Node (listed there)
export default defineConfig({
  test: {
    // The faults worker/src/atomic.test.ts injects on purpose are logged by the worker as any
    // failure is; they are not news. (Read at the root only: vitest ignores it in a project.)
    onConsoleLog: (log: string) => !log.includes('injected fault'),
    projects: [
      {
        resolve: { alias },
        test: { name: 'shared', include: ['shared/src/**/*.test.ts'], environment: 'node', isolate: false },
      },
      {
        plugins: webPlugins(),
        resolve: { alias },
        // The AVIF encoder's test reads the library's WASM as a data: URL (`?inline`).
        assetsInclude: ['**/*.wasm'],
        test: {
          name: 'web',
          include: ['web/src/**/*.test.ts'],
          exclude: browserTests,
          environment: 'node',
          isolate: false,
        },
      },
      {
        plugins: webPlugins(),
        resolve: { alias },
        // Each file in a fresh VM context of a worker thread (as isolated as before: its own
        // globals, jsdom window and module graph) instead of a process of its own that loaded
        // jsdom and the test runner again: 92 CPU-s against 36 (docs/decisions/052-tests-that-scale.md).
        test: {
          name: 'web-dom',
          include: browserTests,
          exclude: domTestsAlone,
          environment: 'jsdom',
          pool: 'vmThreads',
          setupFiles: ['web/src/lib/dom-test-setup.ts'],
          testTimeout: DOM_TEST_TIMEOUT,
        },
      },
      {
        plugins: webPlugins(),
        resolve: { alias },
        test: {
          name: 'web-dom-alone',
          include: domTestsAlone,
          environment: 'jsdom',
          setupFiles: ['web/src/lib/dom-test-setup.ts'],
          testTimeout: DOM_TEST_TIMEOUT,
        },
      },
      './worker/vitest.config.ts',
      {
        resolve: { alias: [sharedAlias] },
        test: { name: 'worker-node', include: workerNodeTests, environment: 'node' },
      },
    ],
  },
});
