-- Rates and restrictions (docs/decisions/061-rates-and-restrictions.md).
--
-- `rate_plans`: what the hotel sells a room type under: names in both languages, the room types
-- (a JSON array), breakfast, the cancellation rule and the deposit rule (JSON), and optionally a
-- parent plan and a percentage (non-refundable = standard - 10%, following the parent's changes).
-- Plan `standard` always exists: the spec's prices and the site's free-cancellation hours.
CREATE TABLE `rate_plans` (
  `code` text PRIMARY KEY NOT NULL,
  `name_ar` text NOT NULL,
  `name_en` text NOT NULL,
  `room_types` text DEFAULT '["silver","gold","diamond","deluxe"]' NOT NULL,
  `breakfast_included` integer DEFAULT false NOT NULL,
  `cancellation` text DEFAULT '{"kind":"free_until","hours":24}' NOT NULL,
  `deposit` text DEFAULT '{"kind":"none"}' NOT NULL,
  `parent_code` text REFERENCES `rate_plans`(`code`),
  `parent_adjustment_percent` integer,
  `active` integer DEFAULT true NOT NULL,
  `sort_order` integer DEFAULT 0 NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "rate_plans_code_check" CHECK (`code` GLOB '[a-z]*' AND length(`code`) <= 32 AND `code` NOT GLOB '*[^a-z0-9_]*'),
  CONSTRAINT "rate_plans_parent_check" CHECK ((`parent_code` IS NULL) = (`parent_adjustment_percent` IS NULL)),
  CONSTRAINT "rate_plans_adjustment_check" CHECK (`parent_adjustment_percent` BETWEEN -90 AND 200),
  CONSTRAINT "rate_plans_standard_check" CHECK (`code` <> 'standard' OR (`active` = 1 AND `parent_code` IS NULL))
);
--> statement-breakpoint
INSERT INTO `rate_plans` (`code`, `name_ar`, `name_en`, `cancellation`, `sort_order`)
SELECT 'standard', 'السعر المرن', 'Flexible rate',
  json_object('kind', 'free_until', 'hours', coalesce((SELECT `free_cancellation_hours` FROM `site_settings` LIMIT 1), 24)),
  0;
--> statement-breakpoint
-- `rate_nights`: one row per plan, room type and night that has anything of its own; a null
-- column has nothing set (the night takes the parent plan's, the room type's price or, for a
-- restriction, plan standard's). Prices in baisa for up to two guests, for one guest, and per
-- guest beyond two. Restrictions are judged on the arrival night (minimum and maximum stay,
-- closed to arrival) or the departure date (closed to departure); a closed night sells nothing.
CREATE TABLE `rate_nights` (
  `rate_plan` text NOT NULL REFERENCES `rate_plans`(`code`),
  `room_type` text NOT NULL,
  `night` text NOT NULL,
  `price_baisa` integer,
  `single_price_baisa` integer,
  `extra_guest_price_baisa` integer,
  `min_stay` integer,
  `max_stay` integer,
  `closed` integer,
  `closed_to_arrival` integer,
  `closed_to_departure` integer,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  PRIMARY KEY (`rate_plan`, `room_type`, `night`),
  CONSTRAINT "rate_nights_room_type_check" CHECK (`room_type` IN ('silver', 'gold', 'diamond', 'deluxe')),
  CONSTRAINT "rate_nights_price_check" CHECK (`price_baisa` >= 0 AND `single_price_baisa` >= 0 AND `extra_guest_price_baisa` >= 0),
  CONSTRAINT "rate_nights_stay_check" CHECK (`min_stay` BETWEEN 1 AND 365 AND `max_stay` BETWEEN 1 AND 365)
) WITHOUT ROWID;
--> statement-breakpoint
-- Rates change the prices the calendar and the quote show: the edge caches' content version moves.
CREATE TRIGGER `content_version_rate_plans_insert` AFTER INSERT ON `rate_plans`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_rate_plans_update` AFTER UPDATE ON `rate_plans`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_rate_nights_insert` AFTER INSERT ON `rate_nights`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_rate_nights_update` AFTER UPDATE ON `rate_nights`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_rate_nights_delete` AFTER DELETE ON `rate_nights`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;
--> statement-breakpoint
-- A booking keeps its plan, the price of each of its nights (a JSON array of baisa, from its
-- arrival night; the folio posts them) and the cancellation rule it was sold under (null: the
-- site's free-cancellation hours, as for every booking made before plans).
ALTER TABLE `booking_submissions` ADD `rate_plan` text DEFAULT 'standard' NOT NULL;
--> statement-breakpoint
ALTER TABLE `booking_submissions` ADD `night_prices` text;
--> statement-breakpoint
ALTER TABLE `booking_submissions` ADD `cancellation_rule` text;
