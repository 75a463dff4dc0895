import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { EVENT_KINDS, HISTORY_STATUSES } from '@shared/revenue';
import { SUGGESTION_KINDS, type AutopilotRun } from '@shared/revenue-prices';
import { createdAt, nowMs, updatedAt } from '../../platform/columns';
import { users } from '../../platform/tables';

/**
 * Revenue management's tables (migration 0097; docs/decisions/094-revenue-history-and-forecast.md).
 */

/**
 * A history import: the file in R2, read in chunks by the minute cron; where it stands, what it
 * counted, and the nights its lines touched (their books are rebuilt once every line is in).
 */
export const revenueImports = sqliteTable(
  'revenue_imports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    fileBytes: integer('file_bytes').notNull(),
    status: text('status', { enum: ['running', 'done', 'failed'] })
      .notNull()
      .default('running'),
    phase: text('phase', { enum: ['lines', 'books', 'done'] })
      .notNull()
      .default('lines'),
    /** The header's columns: each known column's index in a line (JSON). */
    columns: text('columns', { mode: 'json' }).$type<Record<string, number>>().notNull(),
    delimiter: text('delimiter').notNull().default(','),
    /** The next byte to read, the line number it starts, whether it is the rest of a line refused as too long. */
    byteOffset: integer('byte_offset').notNull().default(0),
    nextLine: integer('next_line').notNull().default(2),
    skipping: integer('skipping', { mode: 'boolean' }).notNull().default(false),
    rows: integer('rows').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    added: integer('added').notNull().default(0),
    replaced: integer('replaced').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    refusedCount: integer('refused_count').notNull().default(0),
    /** The nights whose books the import changed (added, replaced lines: their old nights too). */
    nightsFrom: text('nights_from'),
    nightsTo: text('nights_to'),
    /** The next night the books' rebuild starts from. */
    booksCursor: text('books_cursor'),
    /** A run works on the import until then (ms); another run leaves it alone meanwhile. */
    leaseUntil: integer('lease_until'),
    /** Runs that ended in an error (the import fails after a few). */
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('revenue_imports_running_idx')
      .on(t.id)
      .where(sql`${t.status} = 'running'`),
    check('revenue_imports_status_check', sql`${t.status} IN ('running', 'done', 'failed')`),
    check('revenue_imports_phase_check', sql`${t.phase} IN ('lines', 'books', 'done')`),
    check(
      'revenue_imports_counts_check',
      sql`${t.byteOffset} >= 0 AND ${t.rows} >= 0 AND ${t.imported} >= 0 AND ${t.refusedCount} >= 0`,
    ),
  ],
);
export type RevenueImportRow = typeof revenueImports.$inferSelect;

/** The lines an import refused: line number, column, code. */
export const revenueImportRefusals = sqliteTable(
  'revenue_import_refusals',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => revenueImports.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    field: text('field').notNull(),
    code: text('code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.line, t.field] })],
);

/** The imported history: one row per booking of the old system, by its reference. */
export const revenueHistory = sqliteTable(
  'revenue_history',
  {
    reference: text('reference').primaryKey(),
    bookedOn: text('booked_on').notNull(),
    arrival: text('arrival').notNull(),
    departure: text('departure').notNull(),
    status: text('status', { enum: HISTORY_STATUSES }).notNull(),
    cancelledOn: text('cancelled_on'),
    roomType: text('room_type').notNull(),
    rooms: integer('rooms').notNull().default(1),
    adults: integer('adults'),
    children: integer('children'),
    nationality: text('nationality'),
    segment: text('segment'),
    channel: text('channel'),
    rateBaisa: integer('rate_baisa'),
    importId: integer('import_id')
      .notNull()
      .references(() => revenueImports.id),
    line: integer('line').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('revenue_history_arrival_idx').on(t.arrival, t.departure),
    index('revenue_history_import_idx').on(t.importId),
    check('revenue_history_status_check', sql`${t.status} IN ('stayed', 'cancelled', 'no_show')`),
    check(
      'revenue_history_dates_check',
      sql`${t.departure} > ${t.arrival} AND ${t.bookedOn} <= ${t.arrival} AND (${t.cancelledOn} IS NULL OR ${t.cancelledOn} >= ${t.bookedOn})`,
    ),
    check(
      'revenue_history_cancelled_check',
      sql`(${t.status} = 'cancelled') = (${t.cancelledOn} IS NOT NULL)`,
    ),
    check(
      'revenue_history_counts_check',
      sql`${t.rooms} >= 1 AND ${t.adults} >= 0 AND ${t.children} >= 0 AND ${t.rateBaisa} >= 0`,
    ),
  ],
);

/**
 * Each night and room type's booking curve (`[lead, rooms, ...]`, booking-curves.ts) and final:
 * from the imported history, and from the hotel's own books.
 */
export const revenueNights = sqliteTable(
  'revenue_nights',
  {
    night: text('night').notNull(),
    roomType: text('room_type').notNull(),
    history: text('history').notNull().default('[]'),
    historyFinal: integer('history_final').notNull().default(0),
    own: text('own').notNull().default('[]'),
    ownFinal: integer('own_final'),
  },
  (t) => [primaryKey({ columns: [t.night, t.roomType] })],
);

/** How far the hotel's own books are folded into the curves, and the history's longest stay (one row). */
export const revenueState = sqliteTable(
  'revenue_state',
  {
    id: integer('id').primaryKey(),
    ownFoldedThrough: text('own_folded_through'),
    ownRebuilt: integer('own_rebuilt', { mode: 'boolean' }).notNull().default(false),
    /** The longest stay of the imported history, in nights. */
    historyMaxNights: integer('history_max_nights').notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [check('revenue_state_single_check', sql`${t.id} = 1`)],
);

/** The Gulf's calendar: the computed events of each year and the hotel's own. */
export const revenueEvents = sqliteTable(
  'revenue_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: EVENT_KINDS }).notNull(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    fromDate: text('from_date').notNull(),
    toDate: text('to_date').notNull(),
    confirmed: integer('confirmed', { mode: 'boolean' }).notNull().default(false),
    source: text('source', { enum: ['computed', 'manager'] })
      .notNull()
      .default('manager'),
    computedKey: text('computed_key'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('revenue_events_computed_key_idx')
      .on(t.computedKey)
      .where(sql`${t.computedKey} is not null`),
    index('revenue_events_from_idx').on(t.fromDate),
    check(
      'revenue_events_kind_check',
      sql`${t.kind} IN ('ramadan', 'eid_al_fitr', 'eid_al_adha', 'islamic_new_year', 'prophets_birthday', 'national_day', 'khareef', 'school_holiday', 'hotel')`,
    ),
    check('revenue_events_source_check', sql`${t.source} IN ('computed', 'manager')`),
    check('revenue_events_dates_check', sql`${t.toDate} >= ${t.fromDate}`),
  ],
);
export type RevenueEventRow = typeof revenueEvents.$inferSelect;

/** The years whose computed events were made. */
export const revenueEventYears = sqliteTable('revenue_event_years', {
  year: integer('year').primaryKey(),
});

/**
 * The price suggestions' settings (migration 0104; docs/decisions/101-price-suggestions.md): one
 * row, the defaults until a manager saves them.
 */
export const revenueSettings = sqliteTable(
  'revenue_settings',
  {
    id: integer('id').primaryKey(),
    targetOccupancyPercent: integer('target_occupancy_percent').notNull().default(80),
    thresholdPercent: integer('threshold_percent').notNull().default(2),
    stepCapPercent: integer('step_cap_percent').notNull().default(30),
    priceStepBaisa: integer('price_step_baisa').notNull().default(500),
    autopilot: integer('autopilot', { mode: 'boolean' }).notNull().default(false),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    check('revenue_settings_single_check', sql`${t.id} = 1`),
    check(
      'revenue_settings_values_check',
      sql`${t.targetOccupancyPercent} BETWEEN 30 AND 100 AND ${t.thresholdPercent} BETWEEN 0 AND 50 AND ${t.stepCapPercent} BETWEEN 1 AND 100 AND ${t.priceStepBaisa} BETWEEN 1 AND 10000`,
    ),
  ],
);

/** A room type's floor and ceiling, all year (no dates) or a season's. */
export const revenueLimits = sqliteTable(
  'revenue_limits',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    roomType: text('room_type').notNull(),
    fromDate: text('from_date'),
    toDate: text('to_date'),
    floorBaisa: integer('floor_baisa').notNull(),
    ceilingBaisa: integer('ceiling_baisa').notNull(),
  },
  (t) => [
    check(
      'revenue_limits_prices_check',
      sql`${t.floorBaisa} >= 1 AND ${t.floorBaisa} <= ${t.ceilingBaisa} AND ${t.ceilingBaisa} <= 10000000`,
    ),
    check(
      'revenue_limits_dates_check',
      sql`(${t.fromDate} IS NULL) = (${t.toDate} IS NULL) AND (${t.toDate} IS NULL OR ${t.toDate} >= ${t.fromDate})`,
    ),
  ],
);

/** The nights of a room type a manager locked. */
export const revenueLocks = sqliteTable(
  'revenue_locks',
  {
    night: text('night').notNull(),
    roomType: text('room_type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.night, t.roomType] })],
);

/** The last suggestion applied to a night of a room type, by kind (a price's base with it). */
export const revenueApplied = sqliteTable(
  'revenue_applied',
  {
    night: text('night').notNull(),
    roomType: text('room_type').notNull(),
    kind: text('kind', { enum: SUGGESTION_KINDS }).notNull(),
    value: integer('value').notNull(),
    baseBaisa: integer('base_baisa'),
    suggestionId: text('suggestion_id').notNull(),
    source: text('source', { enum: ['manager', 'autopilot'] }).notNull(),
    runId: integer('run_id'),
    appliedAt: integer('applied_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
  },
  (t) => [
    primaryKey({ columns: [t.night, t.roomType, t.kind] }),
    check('revenue_applied_kind_check', sql`${t.kind} IN ('price', 'min_stay', 'closed_to_arrival')`),
    check('revenue_applied_source_check', sql`${t.source} IN ('manager', 'autopilot')`),
  ],
);

/** The autopilot's runs, one per stored close, with what each changed. */
export const revenueAutopilotRuns = sqliteTable(
  'revenue_autopilot_runs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    closeDate: text('close_date').notNull(),
    changes: text('changes', { mode: 'json' })
      .$type<AutopilotRun['changes']>()
      .notNull()
      .default(sql`'[]'`),
    ranAt: integer('ran_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
  },
  (t) => [uniqueIndex('revenue_autopilot_runs_close_date_idx').on(t.closeDate)],
);
