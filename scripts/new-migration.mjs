// `npm run db:generate -- <name>`: creates the next numbered, empty SQL migration in
// migrations/ (the highest number there plus one, the way `wrangler d1 migrations create`
// numbers them) and says what else a schema change needs. The SQL files are the truth and
// are written by hand (docs/decisions/003-schema-conventions.md); nothing is generated from
// the drizzle schema, which worker/src/schema.test.ts checks against the migrated database.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';

const dir = 'migrations';
const words = process.argv.slice(2).join(' ').trim();
const name = words
  .toLowerCase()
  .replace(/[^a-z0-9]+/g, '_')
  .replace(/^_+|_+$/g, '');

if (!name) {
  console.error(
    'Usage: npm run db:generate -- <what the migration does>, e.g. npm run db:generate -- room_notes',
  );
  process.exit(1);
}

const numbers = readdirSync(dir)
  .map((file) => /^(\d+)_.*\.sql$/.exec(file)?.[1])
  .filter(Boolean)
  .map(Number);
const next = String(Math.max(-1, ...numbers) + 1).padStart(4, '0');
const file = `${dir}/${next}_${name}.sql`;
if (existsSync(file)) {
  console.error(`${file} exists already.`);
  process.exit(1);
}

writeFileSync(
  file,
  `-- Why this change: the rule or the query it serves. Once applied anywhere, never edit this
-- file: a later change is a new migration.

`,
);

console.log(`Created ${file}. Next:
  1. Write the SQL (ALTER TABLE / CREATE TABLE / CREATE INDEX / triggers) in ${file}.
  2. Make the drizzle tables (worker/src/modules/<m>/*tables.ts, worker/src/platform/tables.ts) say the same: columns, defaults, NOT NULL, indexes, named CHECKs.
  3. npx vitest run --project worker worker/src/schema.test.ts   (fails while the two disagree)
  4. npm run db:snapshot   (rewrites docs/schema.sql: commit it, the change shows in review)
  5. npm run db:migrate:local   (applies it to the local D1 of npm start / npm run dev)`);
