import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { OUTBOX_SOURCES } from './outbox-sources';

/**
 * The list a reader of the channel module trusts (outbox-sources.ts) is the database's own: every
 * trigger that writes the outbox, by its name and the kinds it queues, and no other.
 */
describe("the channel outbox's sources", () => {
  it('are exactly the triggers that write channel_outbox, with the kinds each queues', async () => {
    const { results } = await env.DB.prepare(
      "select name, sql from sqlite_master where type = 'trigger' and sql like '%channel_outbox%'",
    ).all<{ name: string; sql: string }>();
    const found = results
      .map(({ name, sql }) => {
        const kinds = (['availability', 'restrictions'] as const).filter((k) => sql.includes(`'${k}'`));
        return `${name} ${kinds.join('+')}`;
      })
      .sort();
    const declared = OUTBOX_SOURCES.flatMap((s) => s.triggers.map((t) => `${t} ${s.kinds.join('+')}`)).sort();
    expect(found).toEqual(declared);
  });
});
