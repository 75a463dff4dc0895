import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { seed } from '../src/seed/seed';

// Every test file starts from the real migrations and the demo seed, in workerd's D1.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await seed(drizzle(env.DB), env);
