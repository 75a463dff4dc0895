import type { D1Migration } from 'cloudflare:test';
import type { Env as WorkerEnv } from '../src/platform/env';

// `env` and `exports` from cloudflare:workers: the worker's bindings (plus the
// migrations the test config passes) and its default export.
declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: D1Migration[];
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
