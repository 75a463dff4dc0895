/**
 * Seeds the local D1 database (the one `wrangler dev` uses) with the demo
 * data, through wrangler's platform proxy: the real D1 binding, on disk under
 * .wrangler/ (or PERSIST_TO). Idempotent; refuses outside development.
 */
import { drizzle } from 'drizzle-orm/d1';
import { getPlatformProxy } from 'wrangler';
import type { Env } from '../worker/src/platform/env';
import { seed } from '../worker/src/seed/seed';

const persistTo = process.env.PERSIST_TO;
const proxy = await getPlatformProxy<Env>({
  persist: persistTo ? { path: `${persistTo}/v3` } : true,
  envFiles: ['.dev.vars'],
});
try {
  await seed(drizzle(proxy.env.DB), proxy.env);
  console.log('Seeded the local database.');
} finally {
  await proxy.dispose();
}
