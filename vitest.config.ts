import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Vitest no longer reads vitest.workspace.ts: the projects are listed here.
// - shared: pure functions on Node
// - web: React units in jsdom (Lingui macros through Babel, as in the app build)
// - worker: integration tests inside workerd with real D1 and R2 (worker/vitest.config.ts)
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'shared', include: ['shared/src/**/*.test.ts'], environment: 'node' },
      },
      {
        plugins: [react(), babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }), lingui()],
        test: { name: 'web', include: ['web/src/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
      './worker/vitest.config.ts',
    ],
  },
});
