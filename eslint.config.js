import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** zod only through shared/src/zod.ts (its strings keep the text rule); types may come from zod. */
const zodThroughShared = {
  name: 'zod',
  allowTypeImports: true,
  message:
    "Import z from '@shared/zod' (in shared/: './zod'): its strings refuse control characters and lone surrogates (shared/src/text-rule.ts).",
};
const climbingToShared = {
  regex: String.raw`^(\.\./)+shared(/|$)`,
  message: 'Import shared/ through `@shared/...` (worker/tsconfig.json), not by climbing folders.',
};

/**
 * The layers (docs/decisions/018-layers.md), held by import-x/no-restricted-paths:
 *   web/src/app -> web/src/features/<f> -> web/src/{entities,lib,components,hooks,offline} -> shared/src
 * A feature never imports another feature (each admin area, features/admin/<area>, is a feature of
 * its own); the shared layers import no feature and not the app; shared/ imports nothing of web or
 * worker. The feature list is read from the folders, so a new feature is held without editing this.
 */
const subfolders = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const features = subfolders('web/src/features').flatMap((name) =>
  name === 'admin' ? subfolders('web/src/features/admin').map((area) => `admin/${area}`) : [name],
);
const webZones = [
  ...features.map((feature) => ({
    target: `web/src/features/${feature}`,
    from: 'web/src/features',
    except: [`./${feature}`],
    message:
      'A feature never imports another feature: move what both need to entities/, lib/ or components/.',
  })),
  {
    target: 'web/src/features',
    from: 'web/src/app',
    message: 'Features do not import the app; the app mounts and composes them.',
  },
  {
    target: ['web/src/entities', 'web/src/lib', 'web/src/components', 'web/src/hooks', 'web/src/offline'],
    from: ['web/src/features', 'web/src/app'],
    message: 'Shared layers are used by features and the app, never the other way round.',
  },
  {
    target: 'shared/src',
    from: ['web', 'worker'],
    message: 'shared/ holds what both sides use; it imports nothing of web or worker.',
  },
];
// The worker (docs/decisions/048-worker-modules.md): one folder per domain under worker/src/modules,
// read from the folders as the web's features are. A module imports another only through that
// module's index.ts; platform/ (what every domain shares) imports no module; the entry, the cron's
// clean-up and the seed, like any module, use a module only through its index.ts.
const workerModules = subfolders('worker/src/modules');
const moduleDoors = workerModules.map((name) => `./${name}/index.ts`);
// A module's drizzle tables (tables.ts, <thing>-tables.ts) are no door: these zones let them through
// so that one rule decides who may name them, `tables-stay-home` in .dependency-cruiser.cjs (only
// files of the same module, with its recorded exceptions). Doors never re-export them (below).
const moduleTables = workerModules.flatMap((name) =>
  readdirSync(`worker/src/modules/${name}`)
    .filter((file) => /^(.+-)?tables\.ts$/.test(file))
    .map((file) => `./${name}/${file}`),
);
const workerZones = [
  ...workerModules.map((name) => ({
    target: `worker/src/modules/${name}`,
    from: 'worker/src/modules',
    except: [`./${name}`, ...moduleDoors, ...moduleTables],
    message: 'A module uses another module only through its index.ts.',
  })),
  {
    target: ['worker/src/index.ts', 'worker/src/cleanup.ts', 'worker/src/seed'],
    from: 'worker/src/modules',
    except: [...moduleDoors, ...moduleTables],
    message: 'A module is used only through its index.ts.',
  },
  {
    target: 'worker/src/platform',
    from: ['worker/src/modules', 'worker/src/index.ts', 'worker/src/cleanup.ts', 'worker/src/seed'],
    message: 'platform/ is shared by every module: it imports no module (nor the entry).',
  },
];

/**
 * A door opens with a block comment that says `Owns:`, `Offers:`, `Never:` and `Imports:` (the rule
 * `doors/header`; worker/src/doors.test.ts holds the `Imports:` line to the module's imports).
 */
const doorHeader = {
  meta: { type: 'suggestion', schema: [] },
  create(context) {
    return {
      Program(program) {
        const [first] = context.sourceCode.getAllComments();
        const opens =
          first && first.type === 'Block' && first.range[1] <= (program.body[0]?.range[0] ?? Infinity);
        const missing = ['Owns:', 'Offers:', 'Never:', 'Imports:'].filter(
          (word) => !opens || !first.value.includes(word),
        );
        if (missing.length > 0) {
          context.report({
            node: program,
            loc: { line: 1, column: 0 },
            message: `A door opens with a header comment saying what the module owns, offers, never does and imports (missing ${missing.join(' ')}).`,
          });
        }
      },
    };
  },
};

// The web's path aliases (as in web/tsconfig.json, web/vite.config.ts and vitest.config.ts), so the
// layer zones above hold for `@/features/...` as for `../../features/...`.
const webAliases = {
  '@': [fileURLToPath(new URL('web/src', import.meta.url))],
  '@shared': [fileURLToPath(new URL('shared/src', import.meta.url))],
};
// An import climbs at most three folders; further reads from an alias (docs/decisions/027-web-layout.md).
// (esquery ends a regular expression at its first `/`, hence \x2F.)
const deepClimb = String.raw`/^(\.\.\x2F){4}/`;
const deepClimbMessage = 'Import from `@/...` or `@shared/...` rather than climbing four or more folders.';
const noDeepClimb = [
  'error',
  ...['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration', 'ImportExpression'].map(
    (node) => ({ selector: `${node}[source.value=${deepClimb}]`, message: deepClimbMessage }),
  ),
];

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      '.wrangler',
      'migrations',
      'web/src/locales',
      'shared/src/locales',
      'worker/src/locales',
      'test-results',
      'playwright-report',
      'bench/results',
      '.tmp',
      'worker/worker-configuration.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
    },
  },
  // The type-aware rules (docs/decisions/028-type-aware-lint.md: a promise nobody awaits or
  // handles, an async function where a void callback is expected, an await on a non-promise) are
  // not here: `oxlint --type-aware` runs them on TypeScript 7's checker (.oxlintrc.json), at a
  // sixth of what typescript-eslint's project service cost (docs/decisions/082).
  {
    files: ['web/src/**/*.{ts,tsx}', 'shared/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'], alias: webAliases }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: webZones }],
      'no-restricted-syntax': noDeepClimb,
    },
  },
  {
    files: ['worker/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.js', '.json'],
          alias: {
            '@shared': webAliases['@shared'],
            // The tests' harness (worker/test; worker/vitest.config.ts, worker/test/tsconfig.json).
            '@worker-test': [fileURLToPath(new URL('worker/test', import.meta.url))],
          },
        }),
      ],
    },
    // Import cycles are refused by `npm run lint:cycles` (dependency-cruiser), which counts type
    // imports too; import-x/no-cycle counted only value imports and took about 20 s of the lint.
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: workerZones }],
    },
  },
  // Tests sit beside their module (worker/src/modules/<m>/<name>.test.ts) and are held by the same
  // doors: their own module's files, any other module through its index.ts, the harness through
  // `@worker-test/...`. These tests still call a step of another module that its door does not
  // offer to code (a sender the cron runs, a status step, a figure's query), each named here with
  // the file it reaches; the list only shrinks (a door that comes to offer the step takes it off).
  ...Object.entries({
    'worker/src/modules/bookings/online-check-in.test.ts': ['privacy/id-retention.ts'],
    'worker/src/modules/bookings/staff-edit-stay.test.ts': ['messaging/email-delivery.ts'],
    'worker/src/modules/day-close/day-close.test.ts': ['statistics/dashboard.ts'],
    'worker/src/modules/folio/invoices.test.ts': ['messaging/email-delivery.ts'],
    'worker/src/modules/front-desk/stay-requests.test.ts': ['messaging/push-messages.ts'],
    'worker/src/modules/payments/cancellation.test.ts': [
      'bookings/booking-changes.ts',
      'day-close/day-close.ts',
      'front-desk/front-desk-day.ts',
      'messaging/email-delivery.ts',
    ],
    'worker/src/modules/payments/checkouts.test.ts': ['messaging/email-delivery.ts'],
    'worker/src/modules/privacy/account-data.test.ts': ['bookings/booking-grants.ts'],
    'worker/src/modules/reviews/reviews.test.ts': ['statistics/service-visits.ts'],
    'worker/src/seed/seed.test.ts': ['accounts/passwords.ts'],
  }).map(([file, reached]) => ({
    files: [file],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: workerZones.map((zone) =>
            [zone.target].flat().some((target) => file.startsWith(`${target}/`))
              ? { ...zone, except: [...new Set([...zone.except, ...reached.map((path) => `./${path}`)])] }
              : zone,
          ),
        },
      ],
    },
  })),
  // A module's door (index.ts) says what the module offers and exports it by name: functions,
  // statement builders, routes and row types, never its drizzle tables (docs/decisions/048). It
  // opens with a header comment naming what the module owns, what it offers and what it never does.
  {
    files: ['worker/src/modules/*/index.ts'],
    plugins: { doors: { rules: { header: doorHeader } } },
    rules: {
      'doors/header': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportAllDeclaration',
          message: 'A door exports by name what others need (no `export *`).',
        },
        {
          selector:
            "ExportNamedDeclaration[exportKind='value'][source.value=/tables$/] > ExportSpecifier[exportKind='value']",
          message:
            'A door never hands out a table: offer a function, a query or a statement builder instead (row types may go).',
        },
        {
          selector: 'ExportNamedDeclaration:not([source])',
          message: 'A door re-exports from the file that holds the code: `export { name } from ...`.',
        },
        {
          selector: 'Program > :not(ExportNamedDeclaration, ExportAllDeclaration)',
          message: 'A door only re-exports: write the code in a file of the module.',
        },
      ],
    },
  },
  // The worker reads shared/ through `@shared/...` (worker/tsconfig.json paths), never by climbing.
  // Its schemas and shared/'s take `z` from shared/src/zod.ts, whose strings keep the text rule
  // (shared/src/text-rule.ts): a value import of 'zod' would make strings without it. The tests
  // and the provider stand-ins (which speak another system's API, development only) may.
  {
    files: ['worker/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [zodThroughShared],
          patterns: [climbingToShared],
        },
      ],
    },
  },
  {
    files: ['worker/**/*.test.ts', 'worker/test/**', 'worker/src/modules/*/providers/fake/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [climbingToShared] }] },
  },
  {
    files: ['shared/src/**/*.ts'],
    ignores: ['shared/src/zod-strings.ts', 'shared/src/text-rule.ts', 'shared/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [zodThroughShared] }] },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // Lazy chunks go through lib/lazy.ts, which waits out a reload onto a new build.
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'react', importNames: ['lazy'], message: 'Use lazy from web/src/lib/lazy.ts.' }] },
      ],
    },
  },
  { files: ['web/src/lib/lazy.ts'], rules: { 'no-restricted-imports': 'off' } },
  {
    files: [
      'scripts/**',
      'e2e/**',
      'bench/**',
      '*.config.{js,ts}',
      'web/vite.config.ts',
      'worker/vitest.config.ts',
      '.dependency-cruiser.cjs',
    ],
    languageOptions: { globals: globals.node },
  },
  // No hand-written file over 600 lines (docs/decisions/048-worker-modules.md): a longer
  // one is split where a newcomer would look for its parts. Generated files are not linted at all
  // (the compiled catalogues in */src/locales and worker/worker-configuration.d.ts, ignored above).
  {
    files: ['worker/**', 'web/src/**', 'shared/src/**', 'scripts/**'],
    rules: { 'max-lines': ['error', { max: 600 }] },
  },
  // No worker function over 120 lines, comments and blank lines counted: a longer one
  // is split into named steps beside it, in its own file. The statistics dashboard, the staff
  // edit of a stay, the check-out and a guest's export and erasure, split to 80, are held there.
  {
    files: ['worker/src/**/*.ts'],
    ignores: ['worker/src/**/*.test.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 120 }] },
  },
  {
    files: [
      'worker/src/modules/statistics/dashboard.ts',
      'worker/src/modules/bookings/staff-booking-edit.ts',
      'worker/src/modules/front-desk/front-desk-day.ts',
      'worker/src/modules/privacy/account-data.ts',
    ],
    rules: { 'max-lines-per-function': ['error', { max: 80 }] },
  },
);
