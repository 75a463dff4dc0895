import type { Env } from '../src/env';

declare global {
  namespace Cloudflare {
    interface Env extends Omit<import('../src/env').Env, never> {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}
export type { Env };
