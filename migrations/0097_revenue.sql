-- Revenue management, first half (issue 79; docs/decisions/094-revenue-history-and-forecast.md):
-- the hotel's history imported from its old system, the nights' booking curves the forecast reads,
-- and the Gulf's calendar of events.
--
-- An import: the file in R2 (`file_key`), read in chunks by the minute cron (never in a request):
-- where it stands (`byte_offset`, `next_line`), what it counted, and the nights its lines touched,
-- whose books are rebuilt once every line is in (`phase` 'books', from `books_cursor`).
CREATE TABLE `revenue_imports` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `file_key` text NOT NULL,
  `file_name` text NOT NULL,
  `file_bytes` integer NOT NULL,
  `status` text DEFAULT 'running' NOT NULL,
  `phase` text DEFAULT 'lines' NOT NULL,
  `columns` text NOT NULL,
  `delimiter` text DEFAULT ',' NOT NULL,
  `byte_offset` integer DEFAULT 0 NOT NULL,
  `next_line` integer DEFAULT 2 NOT NULL,
  `skipping` integer DEFAULT 0 NOT NULL,
  `rows` integer DEFAULT 0 NOT NULL,
  `imported` integer DEFAULT 0 NOT NULL,
  `added` integer DEFAULT 0 NOT NULL,
  `replaced` integer DEFAULT 0 NOT NULL,
  `unchanged` integer DEFAULT 0 NOT NULL,
  `refused_count` integer DEFAULT 0 NOT NULL,
  `nights_from` text,
  `nights_to` text,
  `books_cursor` text,
  `lease_until` integer,
  `attempts` integer DEFAULT 0 NOT NULL,
  `error` text,
  `created_by` integer REFERENCES `users`(`id`) ON DELETE SET NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `finished_at` integer,
  CONSTRAINT "revenue_imports_status_check" CHECK (`status` IN ('running', 'done', 'failed')),
  CONSTRAINT "revenue_imports_phase_check" CHECK (`phase` IN ('lines', 'books', 'done')),
  CONSTRAINT "revenue_imports_counts_check" CHECK (`byte_offset` >= 0 AND `rows` >= 0 AND `imported` >= 0 AND `refused_count` >= 0)
);
--> statement-breakpoint
-- The running imports, oldest first (the cron's work list).
CREATE INDEX `revenue_imports_running_idx` ON `revenue_imports` (`id`) WHERE "revenue_imports"."status" = 'running';
--> statement-breakpoint
-- The lines an import refused: the line's number in the file, the column, the code of why.
CREATE TABLE `revenue_import_refusals` (
  `import_id` integer NOT NULL REFERENCES `revenue_imports`(`id`) ON DELETE CASCADE,
  `line` integer NOT NULL,
  `field` text NOT NULL,
  `code` text NOT NULL,
  PRIMARY KEY (`import_id`, `line`, `field`)
) WITHOUT ROWID;
--> statement-breakpoint
-- The imported history: one row per booking of the old system, its reference the key (a second
-- import of the same reference replaces it). Never a stay, a folio or an invoice: only the
-- forecast's books and the reports of past nights read it.
CREATE TABLE `revenue_history` (
  `reference` text PRIMARY KEY NOT NULL,
  `booked_on` text NOT NULL,
  `arrival` text NOT NULL,
  `departure` text NOT NULL,
  `status` text NOT NULL,
  `cancelled_on` text,
  `room_type` text NOT NULL,
  `rooms` integer DEFAULT 1 NOT NULL,
  `adults` integer,
  `children` integer,
  `nationality` text,
  `segment` text,
  `channel` text,
  `rate_baisa` integer,
  `import_id` integer NOT NULL REFERENCES `revenue_imports`(`id`),
  `line` integer NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "revenue_history_status_check" CHECK (`status` IN ('stayed', 'cancelled', 'no_show')),
  CONSTRAINT "revenue_history_dates_check" CHECK (`departure` > `arrival` AND `booked_on` <= `arrival` AND (`cancelled_on` IS NULL OR `cancelled_on` >= `booked_on`)),
  CONSTRAINT "revenue_history_cancelled_check" CHECK ((`status` = 'cancelled') = (`cancelled_on` IS NOT NULL)),
  CONSTRAINT "revenue_history_counts_check" CHECK (`rooms` >= 1 AND `adults` >= 0 AND `children` >= 0 AND `rate_baisa` >= 0)
);
--> statement-breakpoint
-- The lines meeting a range of nights (the books' rebuild): by arrival, then departure.
CREATE INDEX `revenue_history_arrival_idx` ON `revenue_history` (`arrival`,`departure`);
--> statement-breakpoint
CREATE INDEX `revenue_history_import_idx` ON `revenue_history` (`import_id`);
--> statement-breakpoint
-- Each night and room type's booking curve (the rooms on the books by lead, `[lead, rooms, ...]`)
-- and the rooms that stayed: from the imported history, and from the hotel's own books (the
-- closes' stored books; before the first, rebuilt from the bookings' dates). A forecast reads one
-- row per night and type, whatever the years behind them.
CREATE TABLE `revenue_nights` (
  `night` text NOT NULL,
  `room_type` text NOT NULL,
  `history` text DEFAULT '[]' NOT NULL,
  `history_final` integer DEFAULT 0 NOT NULL,
  `own` text DEFAULT '[]' NOT NULL,
  `own_final` integer,
  PRIMARY KEY (`night`, `room_type`)
) WITHOUT ROWID;
--> statement-breakpoint
-- How far the hotel's own books are folded into the curves (the last stored close folded, and
-- whether the bookings made before the first stored close were rebuilt), and the longest stay of
-- the imported history (the lines meeting a night are looked for that far back).
CREATE TABLE `revenue_state` (
  `id` integer PRIMARY KEY NOT NULL,
  `own_folded_through` text,
  `own_rebuilt` integer DEFAULT 0 NOT NULL,
  `history_max_nights` integer DEFAULT 1 NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "revenue_state_single_check" CHECK (`id` = 1)
);
--> statement-breakpoint
INSERT INTO `revenue_state` (`id`) VALUES (1);
--> statement-breakpoint
-- The Gulf's calendar: the computed events of each year (Hijri, National Day, Khareef, school
-- holidays; `computed_key` once each, a year's made once: revenue_event_years) and the hotel's own.
CREATE TABLE `revenue_events` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `kind` text NOT NULL,
  `name_ar` text NOT NULL,
  `name_en` text NOT NULL,
  `from_date` text NOT NULL,
  `to_date` text NOT NULL,
  `confirmed` integer DEFAULT false NOT NULL,
  `source` text DEFAULT 'manager' NOT NULL,
  `computed_key` text,
  `created_by` integer REFERENCES `users`(`id`) ON DELETE SET NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "revenue_events_kind_check" CHECK (`kind` IN ('ramadan', 'eid_al_fitr', 'eid_al_adha', 'islamic_new_year', 'prophets_birthday', 'national_day', 'khareef', 'school_holiday', 'hotel')),
  CONSTRAINT "revenue_events_source_check" CHECK (`source` IN ('computed', 'manager')),
  CONSTRAINT "revenue_events_dates_check" CHECK (`to_date` >= `from_date`)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `revenue_events_computed_key_idx` ON `revenue_events` (`computed_key`) WHERE "revenue_events"."computed_key" is not null;
--> statement-breakpoint
CREATE INDEX `revenue_events_from_idx` ON `revenue_events` (`from_date`);
--> statement-breakpoint
-- The years whose computed events were made (once each).
CREATE TABLE `revenue_event_years` (
  `year` integer PRIMARY KEY NOT NULL
);
