-- A rate plan's room types are codes of the hotel's own room types (migration 0065): the column's
-- default no longer names the spec's four (the worker always writes the list; a plan written
-- without one sells nothing until an admin names its types). SQLite cannot change a default, so
-- `rate_plans` is rebuilt with its rows, indexes and triggers. No foreign key acts on a plan's
-- deletion (rate_nights and a plan's parent refer to it without an action), so the rows are
-- copied aside, the table dropped and made again under the same name and filled as it was;
-- the deferred checks pass at the end: every night and every child plan finds its plan again.
PRAGMA defer_foreign_keys = on;
--> statement-breakpoint
CREATE TABLE `__keep_rate_plans` AS SELECT * FROM `rate_plans`;
--> statement-breakpoint
DROP TABLE `rate_plans`;
--> statement-breakpoint
CREATE TABLE `rate_plans` (
  `code` text PRIMARY KEY NOT NULL,
  `name_ar` text NOT NULL,
  `name_en` text NOT NULL,
  `room_types` text DEFAULT '[]' NOT NULL,
  `breakfast_included` integer DEFAULT false NOT NULL,
  `cancellation` text DEFAULT '{"kind":"free_until","hours":24}' NOT NULL,
  `deposit` text DEFAULT '{"kind":"none"}' NOT NULL,
  `parent_code` text REFERENCES `rate_plans`(`code`),
  `parent_adjustment_percent` integer,
  `active` integer DEFAULT true NOT NULL,
  `sort_order` integer DEFAULT 0 NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `confirm_on_deposit` integer DEFAULT false NOT NULL,
  CONSTRAINT "rate_plans_code_check" CHECK (`code` GLOB '[a-z]*' AND length(`code`) <= 32 AND `code` NOT GLOB '*[^a-z0-9_]*'),
  CONSTRAINT "rate_plans_parent_check" CHECK ((`parent_code` IS NULL) = (`parent_adjustment_percent` IS NULL)),
  CONSTRAINT "rate_plans_adjustment_check" CHECK (`parent_adjustment_percent` BETWEEN -90 AND 200),
  CONSTRAINT "rate_plans_standard_check" CHECK (`code` <> 'standard' OR (`active` = 1 AND `parent_code` IS NULL))
);
--> statement-breakpoint
INSERT INTO `rate_plans` (`code`, `name_ar`, `name_en`, `room_types`, `breakfast_included`, `cancellation`,
  `deposit`, `parent_code`, `parent_adjustment_percent`, `active`, `sort_order`, `created_at`, `updated_at`,
  `confirm_on_deposit`)
SELECT `code`, `name_ar`, `name_en`, `room_types`, `breakfast_included`, `cancellation`, `deposit`,
  `parent_code`, `parent_adjustment_percent`, `active`, `sort_order`, `created_at`, `updated_at`,
  `confirm_on_deposit`
FROM `__keep_rate_plans`;
--> statement-breakpoint
DROP TABLE `__keep_rate_plans`;
--> statement-breakpoint
CREATE UNIQUE INDEX `rate_plans_active_name_ar_idx` ON `rate_plans` (lower(replace(`name_ar`, ' ', '')))
  WHERE `active` = 1;
--> statement-breakpoint
CREATE UNIQUE INDEX `rate_plans_active_name_en_idx` ON `rate_plans` (lower(replace(`name_en`, ' ', '')))
  WHERE `active` = 1;
--> statement-breakpoint
CREATE TRIGGER `content_version_rate_plans_insert` AFTER INSERT ON `rate_plans`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_rate_plans_update` AFTER UPDATE ON `rate_plans`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;
--> statement-breakpoint
CREATE TRIGGER `site_hours_from_standard` AFTER UPDATE OF `cancellation` ON `rate_plans`
WHEN NEW.`code` = 'standard' AND json_extract(NEW.`cancellation`, '$.kind') = 'free_until'
BEGIN
  UPDATE `site_settings`
  SET `free_cancellation_hours` = json_extract(NEW.`cancellation`, '$.hours')
  WHERE `free_cancellation_hours` IS NOT json_extract(NEW.`cancellation`, '$.hours');
END;
