import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { seed } from '../src/db/seed';
import type { Env } from '../src/env';

// Every test file starts from the real migrations and the demo seed, in workerd's D1.
const testEnv = env as unknown as Env & { TEST_MIGRATIONS: D1Migration[] };
await applyD1Migrations(testEnv.DB, testEnv.TEST_MIGRATIONS);
await seed(drizzle(testEnv.DB), testEnv);
