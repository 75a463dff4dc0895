import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';
import { defineProject } from 'vitest/config';
// @ts-expect-error a plain .mjs script (scripts/vapid-keys.mjs), no types
import { makeVapidKeys } from '../scripts/vapid-keys.mjs';

/**
 * The worker's tests that touch no binding (no D1, R2, env, or the worker's own fetch): plain
 * functions, so they run on Node (project `worker-node`, vitest.config.ts) without a workerd,
 * migrations and seed each. A test that needs `cloudflare:workers` or @worker-test/helpers stays out of it.
 */
export const workerNodeTests = [
  'worker/src/modules/assistant/chat-parse.test.ts',
  'worker/src/seed/local-database.test.ts',
  'worker/src/messages.test.ts',
  'worker/src/modules/catalog/pages.test.ts',
  'worker/src/platform/format.test.ts',
  'scripts/local-crons.test.ts',
  'worker/src/doors.test.ts',
  'worker/src/raw-table-names.test.ts',
  'worker/src/modules/revenue/history-reading.test.ts',
  'worker/src/modules/revenue/price-ladder.test.ts',
];

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** `@shared/...` is shared/src, as in worker/tsconfig.json (the paths wrangler's bundle reads). */
const sharedAlias = [{ find: /^@shared\//, replacement: here('../shared/src/') }];

/** The development settings of .env.example, so tests do not depend on a local .dev.vars. */
function exampleVars(): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of readFileSync(here('../.env.example'), 'utf8').split('\n')) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (match) vars[match[1]!] = match[2]!;
  }
  return vars;
}

/**
 * The development accounts' password hashes, made once per run here (on Node, with the app's
 * own hasher at its real iteration count) instead of twice in every test file's seed
 * (worker/test/apply-migrations.ts): by password, as the seed asks for them.
 */
async function seedPasswordHashes(vars: Record<string, string>): Promise<Record<string, string>> {
  // The hasher imports `@shared/...`, which the bundle of this config cannot resolve (it reads no
  // alias): it is loaded through Vite's module runner with the alias instead.
  const { module: passwordsModule } = await runnerImport<typeof import('./src/modules/accounts/passwords')>(
    here('src/modules/accounts/passwords.ts'),
    { configFile: false, resolve: { alias: sharedAlias } },
  );
  const { hashPassword } = passwordsModule;
  const passwords = [
    vars.ADMIN_PASSWORD,
    vars.STAFF_PASSWORD,
    vars.HOUSEKEEPER_PASSWORD,
    vars.MANAGER_PASSWORD,
    vars.MAINTENANCE_PASSWORD,
  ].filter((p): p is string => !!p);
  const hashes = await Promise.all(passwords.map((p) => hashPassword(p, vars.PASSWORD_PEPPER ?? '')));
  return Object.fromEntries(passwords.map((p, i) => [p, hashes[i]!]));
}

export default defineProject(async () => {
  const migrations = await readD1Migrations(here('../migrations'));
  const chainMigrations = await readD1Migrations(here('../chain-migrations'));
  const vars = exampleVars();
  return {
    // `@worker-test/...` is the tests' shared harness in worker/test (helpers, builders, image bytes),
    // as in worker/test/tsconfig.json and eslint.config.js.
    resolve: { alias: [...sharedAlias, { find: /^@worker-test\//, replacement: here('test/') }] },
    plugins: [
      cloudflareTest({
        wrangler: { configPath: here('../wrangler.toml') },
        miniflare: {
          bindings: {
            ...vars,
            // The one-line request log is for wrangler dev and Workers Logs: off here, as for the
            // journeys' server. (About 7,700 lines a run went through vitest's console capture: the
            // filter that was meant to drop them sat in this project, where vitest does not read it.)
            REQUEST_LOG: 'off',
            TEST_MIGRATIONS: migrations,
            TEST_CHAIN_MIGRATIONS: chainMigrations,
            TEST_SEED_PASSWORD_HASHES: await seedPasswordHashes(vars),
            TEST_FAKE_MODEL_URL: `http://127.0.0.1:${process.env.FAKE_MODEL_PORT ?? 8823}/v1`,
            // Web Push: a fresh VAPID pair per run, and the local push service (scripts/push-receiver.ts).
            ...(makeVapidKeys() as Record<string, string>),
            TEST_PUSH_RECEIVER_URL: `http://127.0.0.1:${process.env.PUSH_RECEIVER_PORT ?? 8824}`,
          },
        },
      }),
    ],
    test: {
      name: 'worker',
      // Each module's tests sit beside it (worker/src/modules/<m>/<name>.test.ts), the whole
      // worker's beside its entry (worker/src/*.test.ts); worker/test holds the harness.
      include: [here('src/**/*.test.ts'), here('test/**/*.test.ts')],
      exclude: workerNodeTests.map((file) => here(`../${file}`)),
      setupFiles: [here('test/apply-migrations.ts')],
      // The test files of one vitest worker share its workerd and the worker's modules, loaded
      // once: loading them again for every file cost more than the tests (all worker tests: 279
      // CPU-seconds isolated, 87-128 shared, on the idle 2-core machine). The setup file empties
      // D1 and R2 and forgets what the isolate kept before each file, so every file still
      // starts from the migrations and the seed alone.
      isolate: false,
      // A local fake OpenAI-compatible endpoint for the assistant's model path (never the internet).
      // And a local push service that keeps what it receives (Web Push tests decrypt it). Thawani
      // Pay's API is the development worker's own fake (modules/payments/providers/fake), no server.
      globalSetup: [here('../scripts/fake-model-server.ts'), here('../scripts/push-receiver.ts')],
      // Integration tests hash passwords and run real D1 batches: give a busy 2-core machine room.
      testTimeout: 20_000,
      // On CI, a test that failed is run once more, as the journeys are: in the whole `npm test` on
      // the idle 2-core machine (lint, vitest and the journeys side by side), the model-timeout tests
      // of chat-answers.test.ts and the reviews flood ran past their limits in some runs and passed alone.
      retry: process.env.CI ? 1 : 0,
    },
  };
});
