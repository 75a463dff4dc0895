import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { seed } from '../src/seed/seed';
import { hashPassword } from '../src/modules/accounts/passwords';

// Every test file starts from the real migrations and the demo seed, in workerd's D1. The
// development accounts' password hashes were made once for the whole run (worker/vitest.config.ts).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await seed(drizzle(env.DB), env, async (password, pepper) =>
  pepper === env.PASSWORD_PEPPER && env.TEST_SEED_PASSWORD_HASHES[password]
    ? env.TEST_SEED_PASSWORD_HASHES[password]
    : hashPassword(password, pepper),
);
