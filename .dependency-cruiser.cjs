/**
 * Import cycles in the worker, type-only imports included (docs/decisions/048-worker-modules.md).
 * ESLint's import-x/no-cycle skips `import type` and has no option to count it; dependency-cruiser
 * reads the TypeScript source before compilation (tsPreCompilationDeps), so a cycle made only of
 * types fails too. Run by `npm run lint` (lint:cycles).
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'No import cycles in worker/src, type imports included.',
      from: { path: '^worker/src/' },
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
    // shared/ imports nothing of the worker, so no cycle passes through it: it is not followed, and
    // the worker's `@shared/...` imports (worker/tsconfig.json paths) stay leaves, unresolved.
    doNotFollow: { path: ['node_modules', '^shared/'] },
    exclude: { path: ['node_modules'] },
    moduleSystems: ['es6'],
  },
};
