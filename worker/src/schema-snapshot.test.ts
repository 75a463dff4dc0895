import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

/**
 * The database as the migrations build it, committed as docs/schema.sql: every table, index,
 * trigger and view (the `sql` SQLite keeps for each, in a stable order), so a migration that
 * changes a trigger shows the change in review, beside the migration itself. After adding a
 * migration: `npm run db:snapshot` rewrites the file; commit it with the migration.
 * (docs/decisions/051-schema-snapshot-and-desk-search.md)
 */

/** The migrations before the numbering was held: their gaps stay (D1 records applied ones by name). */
const LAST_UNCHECKED = 40;

describe('the schema the migrations build', () => {
  it('is the committed snapshot (npm run db:snapshot rewrites it)', async () => {
    const { results } = await env.DB.prepare(
      `select type, name, sql from sqlite_master
       where sql is not null and name not like 'sqlite_%' and name not like '\\_cf\\_%' escape '\\'
         and name <> 'd1_migrations'
       order by case type when 'table' then 0 when 'index' then 1 when 'view' then 2 else 3 end, name`,
    ).all<{ type: string; name: string; sql: string }>();
    expect(results.length).toBeGreaterThan(100);
    const text = [
      '-- The schema the migrations build (migrations/), in a stable order. Generated: do not edit;',
      '-- `npm run db:snapshot` rewrites it after a new migration (worker/src/schema-snapshot.test.ts).',
      '',
      ...results.map((row) => `-- ${row.type} ${row.name}\n${row.sql.trim()};\n`),
    ].join('\n');
    await expect(text).toMatchFileSnapshot('../../docs/schema.sql');
  });

  it('numbers a new migration right after the last one, never twice', () => {
    const numbers = env.TEST_MIGRATIONS.map((m) => Number(/^(\d{4})_/.exec(m.name)?.[1] ?? NaN));
    expect(numbers.every(Number.isInteger), 'every migration starts with four digits').toBe(true);
    expect(numbersOutOfLine(numbers)).toEqual([]);
  });

  it('the numbering check catches a gap and a number used twice', () => {
    expect(numbersOutOfLine([39, 40, 41, 42])).toEqual([]);
    expect(numbersOutOfLine([39, 40, 41, 43])).toEqual(['0043 skips 0042']);
    expect(numbersOutOfLine([39, 40, 41, 41])).toEqual(['0041 is used twice']);
    expect(numbersOutOfLine([8, 11, 40, 41])).toEqual([]);
  });
});

/** What is wrong with the numbers after LAST_UNCHECKED: a gap before one, or one used twice. */
function numbersOutOfLine(numbers: number[]): string[] {
  const sorted = [...numbers].sort((a, b) => a - b);
  const wrong: string[] = [];
  const pad = (n: number) => String(n).padStart(4, '0');
  for (let i = 1; i < sorted.length; i++) {
    const [before, n] = [sorted[i - 1]!, sorted[i]!];
    if (n <= LAST_UNCHECKED) continue;
    if (n === before) wrong.push(`${pad(n)} is used twice`);
    else if (n > before + 1) wrong.push(`${pad(n)} skips ${pad(before + 1)}`);
  }
  return wrong;
}
