/**
 * What fills the channel's outbox (`channel_outbox`), and all that does: the database's triggers
 * (migrations 0069, 0072 and 0080), each writing its row in the same statement as the change
 * itself, so a change and its row never part, whichever module's door made it. The channel module
 * writes none of these tables; it reads the outbox (sender.ts) and the values then in force
 * (ari-values.ts). `outbox-sources.test.ts` holds this list to the triggers the database has.
 *
 * A row names a kind (`availability`: rooms for sale; `restrictions`: prices and restrictions of
 * every mapped plan of the type), a room type and a night (`*`: every type, every night).
 */
export type OutboxSource = {
  /** The table whose writes queue rows. */
  table: string;
  /** The writes that do (an update only of the columns that change what is sent). */
  on: readonly ('insert' | 'update' | 'delete')[];
  /** What they queue. */
  kinds: readonly ('availability' | 'restrictions')[];
  /** What such a write is, in the hotel's words. */
  means: string;
};

export const OUTBOX_SOURCES: readonly OutboxSource[] = [
  {
    table: 'booking_nights',
    on: ['insert', 'update', 'delete'],
    kinds: ['availability'],
    means: "a booking's nights held, moved or given back (an OTA's booking too)",
  },
  {
    table: 'group_block_nights',
    on: ['insert', 'update', 'delete'],
    kinds: ['availability'],
    means: "a group block's rooms held, changed or released",
  },
  {
    table: 'room_nights',
    on: ['insert', 'delete'],
    kinds: ['availability'],
    means: 'a numbered room out of order, and back',
  },
  {
    table: 'room_inventory',
    on: ['insert', 'update', 'delete'],
    kinds: ['availability'],
    means: "a room type's allotment (every night of the type)",
  },
  {
    table: 'rate_nights',
    on: ['insert', 'update', 'delete'],
    kinds: ['restrictions'],
    means: "a night's price or restrictions on a plan",
  },
  {
    table: 'rate_plans',
    on: ['insert', 'update', 'delete'],
    kinds: ['restrictions'],
    means: 'a plan added, changed (its types, parent, adjustment) or retired',
  },
  {
    table: 'offers',
    on: ['insert', 'update', 'delete'],
    kinds: ['restrictions'],
    means: "an offer's price, which replaces the type's base price while it is shown",
  },
  {
    table: 'rooms',
    on: ['insert', 'update'],
    kinds: ['availability', 'restrictions'],
    means: 'a room type added, retired or repriced (its base price and occupancy)',
  },
];
