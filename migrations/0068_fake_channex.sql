-- The fake channel manager's own books (development only: a stand-in for Channex inside the
-- development worker, modules/channel/providers/fake/). A real channel manager keeps these on its
-- side; the app reads and writes them only through the channel manager's HTTP API, as it would
-- a real one's.
--
-- What the fake holds for sale, per channel room type and night (POST /availability).
CREATE TABLE `fake_channex_availability` (
  `room_type_id` text NOT NULL,
  `date` text NOT NULL,
  `availability` integer NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  PRIMARY KEY(`room_type_id`, `date`)
);
--> statement-breakpoint
-- Prices and restrictions per channel room type, rate plan and night (POST /restrictions); a
-- value never sent is null.
CREATE TABLE `fake_channex_restrictions` (
  `room_type_id` text NOT NULL,
  `rate_plan_id` text NOT NULL,
  `date` text NOT NULL,
  `rate_baisa` integer,
  `min_stay` integer,
  `max_stay` integer,
  `stop_sell` integer,
  `closed_to_arrival` integer,
  `closed_to_departure` integer,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  PRIMARY KEY(`room_type_id`, `rate_plan_id`, `date`)
);
--> statement-breakpoint
-- The bookings the fake's "OTAs" made: the latest state of each (its revisions say how it got there).
CREATE TABLE `fake_channex_bookings` (
  `id` text PRIMARY KEY NOT NULL,
  `status` text NOT NULL,
  `details` text NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "fake_channex_bookings_status_check" CHECK (`status` IN ('new', 'modified', 'cancelled'))
);
--> statement-breakpoint
-- Each booking revision as the feed answers it (`body`: its attributes, JSON), until acknowledged.
CREATE TABLE `fake_channex_revisions` (
  `seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `id` text NOT NULL,
  `booking_id` text NOT NULL REFERENCES `fake_channex_bookings`(`id`),
  `status` text NOT NULL,
  `body` text NOT NULL,
  `acked_at` integer,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "fake_channex_revisions_status_check" CHECK (`status` IN ('new', 'modified', 'cancelled'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fake_channex_revisions_id_unique` ON `fake_channex_revisions` (`id`);
--> statement-breakpoint
CREATE INDEX `fake_channex_revisions_unacked_idx` ON `fake_channex_revisions` (`seq`) WHERE `acked_at` IS NULL;
--> statement-breakpoint
-- The ARI calls of the last minute, for the fake's rate limit (10 of each kind a minute).
CREATE TABLE `fake_channex_calls` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `kind` text NOT NULL,
  `at` integer NOT NULL,
  CONSTRAINT "fake_channex_calls_kind_check" CHECK (`kind` IN ('availability', 'restrictions'))
);
--> statement-breakpoint
CREATE INDEX `fake_channex_calls_kind_at_idx` ON `fake_channex_calls` (`kind`, `at`);
--> statement-breakpoint
-- Faults a test asked for: the next `remaining` calls of the API answer `status`.
CREATE TABLE `fake_channex_faults` (
  `id` integer PRIMARY KEY NOT NULL,
  `status` integer NOT NULL,
  `remaining` integer NOT NULL,
  CONSTRAINT "fake_channex_faults_one_row" CHECK (`id` = 1)
);
