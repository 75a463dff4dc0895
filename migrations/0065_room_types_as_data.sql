-- Room types are the hotel's data. `rooms` has always held one row per room type (the
-- catalogue: names, texts, prices, photos' owner); it now holds everything the code knew about
-- a type as constants, so an admin adds a type without a release (docs/decisions/073-room-types-as-data.md).
-- `room_type` is the type's code ([a-z][a-z0-9-]{1,31}, never changes), `max_guests` its maximum
-- occupancy (at most 12), `available` whether it is sold (an admin retires a type, never deletes it).
ALTER TABLE `rooms` ADD `base_occupancy` integer DEFAULT 2 NOT NULL;
--> statement-breakpoint
ALTER TABLE `rooms` ADD `max_adults` integer DEFAULT 2 NOT NULL;
--> statement-breakpoint
ALTER TABLE `rooms` ADD `max_children` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `rooms` ADD `extra_beds` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `rooms` ADD `bed_types` text DEFAULT '["double"]' NOT NULL;
--> statement-breakpoint
ALTER TABLE `rooms` ADD `smoking_options` text DEFAULT '["non_smoking"]' NOT NULL;
--> statement-breakpoint
ALTER TABLE `rooms` ADD `size_m2` integer;
--> statement-breakpoint
ALTER TABLE `rooms` ADD `points_per_stay` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `rooms` ADD `free_night_points` integer;
--> statement-breakpoint
ALTER TABLE `rooms` ADD `vip_eligible` integer DEFAULT true NOT NULL;
--> statement-breakpoint
-- How many rooms of the type the hotel sells (the inventory's cap for a type an admin adds).
ALTER TABLE `rooms` ADD `room_count` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- How many numbered rooms the guest room list shows.
ALTER TABLE `rooms` ADD `listed_rooms` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Rooms left at or below `low_stock_red` show red, at or below `low_stock_yellow` yellow.
ALTER TABLE `rooms` ADD `low_stock_red` integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE `rooms` ADD `low_stock_yellow` integer DEFAULT 2 NOT NULL;
--> statement-breakpoint
-- The spec's four types keep every figure the spec gives them (a guest sees no change): two
-- guests in the price, up to four guests (at most three of them children, as online check-in
-- already held), the points earned per stay and the points price of a free night, the
-- inventory's caps, the room list's length and the low-stock colours.
UPDATE `rooms` SET `base_occupancy` = 2, `max_adults` = 4, `max_children` = 3, `max_guests` = 4,
  `smoking_options` = '["smoking","non_smoking"]',
  `bed_types` = CASE WHEN `room_type` IN ('silver', 'gold') THEN '["single","double"]' ELSE '["double"]' END,
  `points_per_stay` = CASE `room_type` WHEN 'silver' THEN 5 WHEN 'gold' THEN 10 WHEN 'diamond' THEN 15 ELSE 20 END,
  `free_night_points` = CASE `room_type` WHEN 'silver' THEN 150 WHEN 'gold' THEN 160 WHEN 'diamond' THEN 175 ELSE 200 END,
  `room_count` = CASE `room_type` WHEN 'silver' THEN 12 WHEN 'gold' THEN 36 WHEN 'diamond' THEN 8 ELSE 4 END,
  `listed_rooms` = CASE `room_type` WHEN 'silver' THEN 12 WHEN 'gold' THEN 10 WHEN 'diamond' THEN 8 ELSE 5 END,
  `low_stock_red` = CASE `room_type` WHEN 'silver' THEN 3 WHEN 'gold' THEN 5 WHEN 'diamond' THEN 2 ELSE 1 END,
  `low_stock_yellow` = CASE `room_type` WHEN 'silver' THEN 6 WHEN 'gold' THEN 15 WHEN 'diamond' THEN 4 ELSE 2 END
WHERE `room_type` IN ('silver', 'gold', 'diamond', 'deluxe');
--> statement-breakpoint
-- What the worker validates (shared/src/room-type-schemas.ts), held by the database as well.
CREATE TRIGGER `rooms_type_check_insert` BEFORE INSERT ON `rooms`
WHEN NOT (
  NEW.`room_type` GLOB '[a-z]*' AND length(NEW.`room_type`) BETWEEN 2 AND 32
  AND NEW.`room_type` NOT GLOB '*[^a-z0-9-]*'
  AND NEW.`max_guests` BETWEEN 1 AND 12 AND NEW.`base_occupancy` BETWEEN 1 AND NEW.`max_guests`
  AND NEW.`max_adults` BETWEEN 1 AND NEW.`max_guests` AND NEW.`max_children` BETWEEN 0 AND NEW.`max_guests`
  AND NEW.`extra_beds` BETWEEN 0 AND 12 AND NEW.`room_count` BETWEEN 0 AND 999
  AND NEW.`points_per_stay` >= 0 AND coalesce(NEW.`free_night_points`, 1) > 0
)
BEGIN SELECT RAISE(ABORT, 'room_type_invalid'); END;
--> statement-breakpoint
CREATE TRIGGER `rooms_type_check_update` BEFORE UPDATE ON `rooms`
WHEN NEW.`room_type` <> OLD.`room_type` OR NOT (
  NEW.`max_guests` BETWEEN 1 AND 12 AND NEW.`base_occupancy` BETWEEN 1 AND NEW.`max_guests`
  AND NEW.`max_adults` BETWEEN 1 AND NEW.`max_guests` AND NEW.`max_children` BETWEEN 0 AND NEW.`max_guests`
  AND NEW.`extra_beds` BETWEEN 0 AND 12 AND NEW.`room_count` BETWEEN 0 AND 999
  AND NEW.`points_per_stay` >= 0 AND coalesce(NEW.`free_night_points`, 1) > 0
)
BEGIN SELECT RAISE(ABORT, 'room_type_invalid'); END;
--> statement-breakpoint
-- Rates are kept for any type in the table, not only the spec's four: rate_nights is rebuilt
-- without its CHECK on the four codes (same columns, key and triggers).
CREATE TABLE `rate_nights_new` (
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
  CONSTRAINT "rate_nights_price_check" CHECK (`price_baisa` >= 0 AND `single_price_baisa` >= 0 AND `extra_guest_price_baisa` >= 0),
  CONSTRAINT "rate_nights_stay_check" CHECK (`min_stay` BETWEEN 1 AND 365 AND `max_stay` BETWEEN 1 AND 365)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `rate_nights_new` SELECT `rate_plan`, `room_type`, `night`, `price_baisa`, `single_price_baisa`,
  `extra_guest_price_baisa`, `min_stay`, `max_stay`, `closed`, `closed_to_arrival`, `closed_to_departure`,
  `updated_at` FROM `rate_nights`;
--> statement-breakpoint
DROP TABLE `rate_nights`;
--> statement-breakpoint
ALTER TABLE `rate_nights_new` RENAME TO `rate_nights`;
--> statement-breakpoint
CREATE TRIGGER `content_version_rate_nights_insert` AFTER INSERT ON `rate_nights`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_rate_nights_update` AFTER UPDATE ON `rate_nights`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_rate_nights_delete` AFTER DELETE ON `rate_nights`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;
