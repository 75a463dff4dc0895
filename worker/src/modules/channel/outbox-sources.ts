/**
 * What fills the channel's outbox (`channel_outbox`), and all that does: the database's triggers
 * (migrations 0069, 0072 and 0080), each writing its row in the same statement as the change
 * itself, so a change and its row never part, whichever module's door made it. The channel module
 * writes none of these tables; it reads the outbox (sender.ts) and the values then in force
 * (ari-values.ts). `outbox-sources.test.ts` holds this list to the triggers the database has.
 *
 * A row names a kind (`availability`: rooms for sale; `restrictions`: prices and restrictions of
 * every mapped plan of the type), a room type and a night (`*`: every type, every night). Each
 * source is named by its triggers (`channel_outbox_<table>_<write>`), so that this module names no
 * other module's table.
 */
export type OutboxSource = {
  /** The triggers (each on one write of the table its name says; an update only of the columns that change what is sent). */
  triggers: readonly string[];
  /** What they queue. */
  kinds: readonly ('availability' | 'restrictions')[];
  /** What such a write is, in the hotel's words. */
  means: string;
};

const onWrites = (prefix: string, writes: readonly string[]) => writes.map((w) => `${prefix}_${w}`);
const ALL = ['insert', 'update', 'delete'] as const;

export const OUTBOX_SOURCES: readonly OutboxSource[] = [
  {
    triggers: onWrites('channel_outbox_booking_nights', ALL),
    kinds: ['availability'],
    means: "a booking's nights held, moved or given back (an OTA's booking too)",
  },
  {
    triggers: onWrites('inventory_version_group_hold', ALL),
    kinds: ['availability'],
    means: "a group block's rooms held, changed or released",
  },
  {
    triggers: onWrites('channel_outbox_room_nights', ['insert', 'delete']),
    kinds: ['availability'],
    means: 'a numbered room out of order, and back',
  },
  {
    triggers: onWrites('channel_outbox_room_inventory', ALL),
    kinds: ['availability'],
    means: "a room type's allotment (every night of the type)",
  },
  {
    triggers: onWrites('channel_outbox_rate_nights', ALL),
    kinds: ['restrictions'],
    means: "a night's price or restrictions on a plan",
  },
  {
    triggers: onWrites('channel_outbox_rate_plans', ALL),
    kinds: ['restrictions'],
    means: 'a plan added, changed (its types, parent, adjustment) or retired',
  },
  {
    triggers: onWrites('channel_outbox_offers', ALL),
    kinds: ['restrictions'],
    means: "an offer's price, which replaces the type's base price while it is shown",
  },
  {
    triggers: onWrites('channel_outbox_rooms', ['insert', 'update']),
    kinds: ['availability', 'restrictions'],
    means: 'a room type added, retired or repriced (its base price and occupancy)',
  },
];
