import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { OUTBOX_SOURCES } from './outbox-sources';

/**
 * The list a reader of the channel module trusts (outbox-sources.ts) is the database's own: every
 * trigger that writes the outbox, by its table, its write and the kinds it queues, and no other.
 */
describe("the channel outbox's sources", () => {
  it('are exactly the triggers that write channel_outbox, by table, write and kind', async () => {
    const { results } = await env.DB.prepare(
      "select tbl_name as \"table\", sql from sqlite_master where type = 'trigger' and sql like '%channel_outbox%'",
    ).all<{ table: string; sql: string }>();
    const found = results
      .flatMap(({ table, sql }) => {
        const on = /\bAFTER\s+(INSERT|UPDATE|DELETE)\b/i.exec(sql)?.[1]?.toLowerCase() ?? '?';
        const kinds = (['availability', 'restrictions'] as const).filter((k) => sql.includes(`'${k}'`));
        return [`${table} ${on} ${kinds.join('+')}`];
      })
      .sort();
    const declared = OUTBOX_SOURCES.flatMap((s) =>
      s.on.map((on) => `${s.table} ${on} ${s.kinds.join('+')}`),
    ).sort();
    expect(found).toEqual(declared);
  });
});
