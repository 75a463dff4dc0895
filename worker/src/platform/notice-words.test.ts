import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import { roomTierSql, stayDate, stayDateSql } from './messages';

/**
 * The words of notices written by SQL for many rows at once (an expired request's): on the real
 * D1, the dates and room names as the code writes them for one row.
 */
describe('dates and rooms in notices written by SQL', () => {
  it('writes a date in SQL exactly as the code does, every day of a leap year, in both languages', async () => {
    const days = Array.from({ length: 366 }, (_, i) =>
      new Date(Date.UTC(2028, 0, 1 + i)).toISOString().slice(0, 10),
    );
    const db = drizzle(env.DB);
    for (const language of ['en', 'ar'] as const) {
      const rows = await db.all<{ shown: string }>(
        sql`select ${stayDateSql(sql`d.value`, language)} as shown from json_each(${JSON.stringify(days)}) d`,
      );
      expect(rows.map((r) => r.shown)).toEqual(days.map((day) => stayDate(day, language)));
    }
    expect(stayDate('2027-02-05', 'en')).toBe('5 Feb 2027');
    expect(stayDate('2027-02-05', 'ar')).toBe('٥ فبراير ٢٠٢٧');
    const [room] = await db.all<{ en: string; ar: string }>(
      sql`select ${roomTierSql(sql`'deluxe'`, 'en')} as en, ${roomTierSql(sql`'deluxe'`, 'ar')} as ar`,
    );
    expect(room).toEqual({ en: 'Deluxe', ar: 'الديلوكس' });
  });
});
