-- Revenue management, second half (docs/decisions/101-price-suggestions.md): the price
-- suggestions' settings and limits, the nights a manager locked, the suggestions applied (the base
-- each was applied on, so the ladder never climbs on its own prices) and the autopilot's runs.
--
-- The settings: one row (the defaults until a manager saves them).
CREATE TABLE `revenue_settings` (
  `id` integer PRIMARY KEY NOT NULL,
  `target_occupancy_percent` integer DEFAULT 80 NOT NULL,
  `threshold_percent` integer DEFAULT 2 NOT NULL,
  `step_cap_percent` integer DEFAULT 30 NOT NULL,
  `price_step_baisa` integer DEFAULT 500 NOT NULL,
  `autopilot` integer DEFAULT false NOT NULL,
  `updated_by` integer REFERENCES `users`(`id`) ON DELETE SET NULL,
  `updated_at` integer,
  CONSTRAINT "revenue_settings_single_check" CHECK (`id` = 1),
  CONSTRAINT "revenue_settings_values_check" CHECK (`target_occupancy_percent` BETWEEN 30 AND 100 AND `threshold_percent` BETWEEN 0 AND 50 AND `step_cap_percent` BETWEEN 1 AND 100 AND `price_step_baisa` BETWEEN 1 AND 10000)
);
--> statement-breakpoint
INSERT INTO `revenue_settings` (`id`) VALUES (1);
--> statement-breakpoint
-- A room type's floor and ceiling: all year (no dates) or a season's (both dates, included), which
-- refines the all-year one on its nights. The worker refuses two limits of a type on one night.
CREATE TABLE `revenue_limits` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `room_type` text NOT NULL,
  `from_date` text,
  `to_date` text,
  `floor_baisa` integer NOT NULL,
  `ceiling_baisa` integer NOT NULL,
  CONSTRAINT "revenue_limits_prices_check" CHECK (`floor_baisa` >= 1 AND `floor_baisa` <= `ceiling_baisa` AND `ceiling_baisa` <= 10000000),
  CONSTRAINT "revenue_limits_dates_check" CHECK ((`from_date` IS NULL) = (`to_date` IS NULL) AND (`to_date` IS NULL OR `to_date` >= `from_date`))
);
--> statement-breakpoint
-- The nights of a room type a manager locked: never suggested for, never touched by the autopilot.
-- Who locked them, and who approved a suggestion, is the audit log's (no column pointing at users:
-- an account's erasure would read these growing tables to clear it).
CREATE TABLE `revenue_locks` (
  `night` text NOT NULL,
  `room_type` text NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  PRIMARY KEY (`night`, `room_type`)
) WITHOUT ROWID;
--> statement-breakpoint
-- The last suggestion applied to a night of a room type, by kind: the value written and, for a
-- price, the base it was computed on. A night whose price is still the one applied keeps that base;
-- a price typed since (a different value) is the manager's: the night is locked by it.
CREATE TABLE `revenue_applied` (
  `night` text NOT NULL,
  `room_type` text NOT NULL,
  `kind` text NOT NULL,
  `value` integer NOT NULL,
  `base_baisa` integer,
  `suggestion_id` text NOT NULL,
  `source` text NOT NULL,
  `run_id` integer,
  `applied_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  PRIMARY KEY (`night`, `room_type`, `kind`),
  CONSTRAINT "revenue_applied_kind_check" CHECK (`kind` IN ('price', 'min_stay', 'closed_to_arrival')),
  CONSTRAINT "revenue_applied_source_check" CHECK (`source` IN ('manager', 'autopilot'))
) WITHOUT ROWID;
--> statement-breakpoint
-- The autopilot's runs, one per stored close (its date unique: a close is acted on once), with
-- what each changed (JSON: date, room type, kind, from, to); the screen lists the latest.
CREATE TABLE `revenue_autopilot_runs` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `close_date` text NOT NULL,
  `changes` text DEFAULT '[]' NOT NULL,
  `ran_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `revenue_autopilot_runs_close_date_idx` ON `revenue_autopilot_runs` (`close_date`);
