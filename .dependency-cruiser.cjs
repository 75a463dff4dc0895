/**
 * Import cycles in the worker, type-only imports included (docs/decisions/048-worker-modules.md).
 * ESLint's import-x/no-cycle skips `import type` and has no option to count it; dependency-cruiser
 * reads the TypeScript source before compilation (tsPreCompilationDeps), so a cycle made only of
 * types fails too. Run by `npm run lint` (lint:cycles).
 */

/**
 * A module's drizzle tables (`modules/<m>/tables.ts`, `modules/<m>/<thing>-tables.ts`) are named
 * only by files of the same module (issue 56): other modules ask its door (index.ts) for a
 * function, a query or a statement builder, and a door never re-exports a table (eslint.config.js,
 * `worker/src/modules/*\/index.ts`). Allowed by nature: another module's tables file (a foreign
 * key names the table it references), a module's own tests, and the harness in worker/test.
 *
 * The exceptions still standing, each limited to the tables it names (the list only shrinks; an
 * exception of a module's files names them as `^worker/src/modules/(<module>)/(<file>|...)\.ts$`,
 * the module the rule's first group, so that it may name its own tables):
 */
const TABLES = String.raw`^worker/src/modules/([^/]+)/(tables|[^/]+-tables)\.ts$`;
const tablesOf = (...modules) =>
  String.raw`^worker/src/modules/(${modules.join('|')})/(tables|[^/]+-tables)\.ts$`;
const tableExceptions = [
  {
    // The seed writes the development and test data of every module, as rows.
    from: String.raw`^worker/src/seed/`,
    to: tablesOf('assistant', 'bookings', 'catalog', 'draws', 'inventory', 'rates'),
  },
];
const allowedAnywhere = [TABLES, '^worker/test/'];

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
    {
      name: 'tables-stay-home',
      severity: 'error',
      comment: "A module's tables are named only in that module: ask its door for a function or a statement.",
      from: {
        path: '^worker/src/modules/([^/]+)/',
        pathNot: [...allowedAnywhere, ...tableExceptions.map((e) => e.from)],
      },
      to: { path: TABLES, pathNot: '^worker/src/modules/$1/' },
    },
    {
      name: 'tables-stay-home-outside',
      severity: 'error',
      comment: "Files outside the modules (the entry, the clean-up) never name a module's tables.",
      from: {
        path: '^worker/src/(?!modules/)',
        pathNot: [...allowedAnywhere, ...tableExceptions.map((e) => e.from)],
      },
      to: { path: TABLES },
    },
    ...tableExceptions.map((exception, i) => ({
      name: `tables-exception-${i + 1}`,
      severity: 'error',
      comment: 'A recorded exception of tables-stay-home names only the tables listed for it.',
      from: { path: exception.from },
      // A module's own tables stay allowed ($1: the module, the first group of `from`).
      to: {
        path: TABLES,
        pathNot: exception.from.includes('/modules/(')
          ? [exception.to, '^worker/src/modules/$1/']
          : exception.to,
      },
    })),
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
