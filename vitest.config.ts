import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The web's path aliases (as in web/vite.config.ts and web/tsconfig.json).
const alias = [
  { find: /^@\//, replacement: fileURLToPath(new URL('web/src/', import.meta.url)) },
  { find: /^@shared\//, replacement: fileURLToPath(new URL('shared/src/', import.meta.url)) },
];

// Vitest no longer reads vitest.workspace.ts: the projects are listed here.
// - shared: pure functions on Node
// - web: React units in jsdom (Lingui macros through Babel, as in the app build)
// - worker: integration tests inside workerd with real D1 and R2 (worker/vitest.config.ts)
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'shared', include: ['shared/src/**/*.test.ts'], environment: 'node' },
      },
      {
        plugins: [react(), babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }), lingui()],
        resolve: { alias },
        test: { name: 'web', include: ['web/src/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
      './worker/vitest.config.ts',
    ],
  },
});
