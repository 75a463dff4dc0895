import { is } from 'drizzle-orm';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import * as door from './index';
import * as tables from './tables';

/**
 * The folio's door (modules/folio/index.ts): other modules write and read the folio
 * through its named builders and queries, never through its drizzle tables.
 */
describe("the folio's door", () => {
  it('hands out none of its tables', () => {
    const ownTables = Object.entries(tables)
      .filter(([, value]) => is(value, SQLiteTable))
      .map(([name]) => name);
    expect(ownTables).toContain('folioLines');
    const handedOut = Object.entries(door)
      .filter(([, value]) => is(value, SQLiteTable))
      .map(([name]) => name);
    expect(handedOut).toEqual([]);
  });

  it('offers a payment line, a refund line, a cancellation charge and a transfer as batch statements', () => {
    // The online payment's and refund's lines, as modules/payments posts them.
    for (const name of ['paymentLineStatement', 'refundLineStatement'] as const) {
      expect(typeof door.paymentFolio[name], name).toBe('function');
    }
    for (const name of [
      'cancellationChargeStatement',
      'transferLineStatement',
      'roomNightStatements',
      'correctionStatements',
      'dayCloseStatement',
    ] as const) {
      expect(typeof door[name], name).toBe('function');
    }
  });
});
