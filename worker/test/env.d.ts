import type { D1Migration } from 'cloudflare:test';
import type { Env as WorkerEnv } from '../src/platform/env';

// `env` and `exports` from cloudflare:workers: the worker's bindings (plus the
// migrations the test config passes) and its default export.
declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: D1Migration[];
      /** The chain database's migrations (chain-migrations/; docs/decisions/103). */
      TEST_CHAIN_MIGRATIONS: D1Migration[];
      /** The demo's second hotel's database (wrangler.toml), migrated by the tests of several hotels. */
      DB_SALALAH: D1Database;
      /** The development accounts' password hashes by password, made once per run. */
      TEST_SEED_PASSWORD_HASHES: Record<string, string>;
      TEST_FAKE_MODEL_URL: string;
      TEST_PUSH_RECEIVER_URL: string;
    }
    interface GlobalProps {
      mainModule: typeof import('../src/index');
    }
  }
}
