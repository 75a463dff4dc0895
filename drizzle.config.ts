import { defineConfig } from 'drizzle-kit';

// Generates plain SQL migrations into migrations/; wrangler applies them
// (`npm run db:migrate:local`, `npm run db:migrate:remote`).
export default defineConfig({
  dialect: 'sqlite',
  schema: './worker/src/db/schema/*.ts',
  out: './migrations',
});
