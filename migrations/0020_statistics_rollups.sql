-- Costs that do not grow with history (docs/decisions/026-costs-that-do-not-grow.md). The
-- statistics dashboard reads totals kept as the data changes instead of aggregating every
-- booking and visit on each request. Each rollup is kept by triggers, so it changes in the same
-- statement (and so the same D1 batch) as the write that changes it, whatever code writes:
-- a booking and its status changes, a deletion, a site or service visit, a guest account, a
-- review. The figures are the definitions of shared/src/statistics.ts, said once more here:
--
-- * a booking is sold when approved, confirmed or completed; each of its nights carries
--   total_price / nights (integer division, 0 for points or no price);
-- * its source is the SQL twin of shared bookingSource();
-- * the day it was made is its created_at (ms) in Muscat time (UTC+4).
--
-- Rows whose counts fall back to 0 stay (they read as 0). The worker test
-- worker/test/statistics-rollups.test.ts recomputes every rollup from the raw rows.

-- Sold room-nights and room revenue per night, and per month ('YYYY-MM') of those nights.
CREATE TABLE `rollup_nights` (
	`night` text PRIMARY KEY NOT NULL,
	`room_nights` integer DEFAULT 0 NOT NULL,
	`revenue` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `rollup_months` (
	`month` text PRIMARY KEY NOT NULL,
	`room_nights` integer DEFAULT 0 NOT NULL,
	`revenue` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Bookings made per Muscat day and source: how many, how many are cancelled now, and for the
-- others the sum of lead times (check-in minus the day made) and of lengths of stay.
CREATE TABLE `rollup_booking_days` (
	`day` text NOT NULL,
	`source` text NOT NULL,
	`made` integer DEFAULT 0 NOT NULL,
	`cancelled` integer DEFAULT 0 NOT NULL,
	`lead_days` integer DEFAULT 0 NOT NULL,
	`stay_nights` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `source`)
);
--> statement-breakpoint
-- Bookings per status and room type, with the revenue of those not paid in points.
CREATE TABLE `rollup_bookings` (
	`status` text NOT NULL,
	`room_type` text NOT NULL,
	`bookings` integer DEFAULT 0 NOT NULL,
	`revenue` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`status`, `room_type`)
);
--> statement-breakpoint
-- Site visits per day; service visits per service (and category) and per day and service.
CREATE TABLE `rollup_site_visit_days` (
	`visit_date` text PRIMARY KEY NOT NULL,
	`visits` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `rollup_service_visits` (
	`service_name` text NOT NULL,
	`service_category` text NOT NULL,
	`visits` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`service_name`, `service_category`)
);
--> statement-breakpoint
CREATE TABLE `rollup_service_visit_days` (
	`visit_date` text NOT NULL,
	`service_name` text NOT NULL,
	`visits` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`visit_date`, `service_name`)
);
--> statement-breakpoint
-- Reviews per moderation status, with the sum of their stars (the public count and average).
CREATE TABLE `rollup_reviews` (
	`status` text PRIMARY KEY NOT NULL,
	`reviews` integer DEFAULT 0 NOT NULL,
	`stars` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Single counts by name: 'registered_users' (verified guest accounts).
CREATE TABLE `rollup_counts` (
	`name` text PRIMARY KEY NOT NULL,
	`value` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint

-- Backfill from the rows already there.
INSERT INTO `rollup_nights` (`night`, `room_nights`, `revenue`)
WITH RECURSIVE `stay`(`night`, `check_out`, `rate`) AS (
  SELECT `check_in_date`, `check_out_date`,
    CASE WHEN `is_points_booking` = 1 OR `total_price` IS NULL THEN 0
      ELSE `total_price` / cast(julianday(`check_out_date`) - julianday(`check_in_date`) AS integer) END
  FROM `booking_submissions` WHERE `status` IN ('approved', 'confirmed', 'completed')
  UNION ALL
  SELECT date(`night`, '+1 day'), `check_out`, `rate` FROM `stay` WHERE date(`night`, '+1 day') < `check_out`
)
SELECT `night`, count(*), sum(`rate`) FROM `stay` GROUP BY `night`;
--> statement-breakpoint
INSERT INTO `rollup_months` (`month`, `room_nights`, `revenue`)
SELECT substr(`night`, 1, 7), sum(`room_nights`), sum(`revenue`) FROM `rollup_nights` GROUP BY substr(`night`, 1, 7);
--> statement-breakpoint
INSERT INTO `rollup_booking_days` (`day`, `source`, `made`, `cancelled`, `lead_days`, `stay_nights`)
SELECT date(`created_at` / 1000, 'unixepoch', '+4 hours') AS `d`,
  CASE WHEN `is_points_booking` = 1 OR `booking_type` = 'free_night' THEN 'points'
    WHEN `booking_type` = 'chat_assistant' THEN 'assistant'
    WHEN `created_by_staff_id` IS NOT NULL THEN 'desk'
    WHEN `booking_type` = 'quick_management' THEN 'quick'
    ELSE 'guest_form' END AS `s`,
  count(*), sum(`status` = 'cancelled'),
  coalesce(sum(CASE WHEN `status` != 'cancelled' THEN
    cast(julianday(`check_in_date`) - julianday(date(`created_at` / 1000, 'unixepoch', '+4 hours')) AS integer) END), 0),
  coalesce(sum(CASE WHEN `status` != 'cancelled' THEN
    cast(julianday(`check_out_date`) - julianday(`check_in_date`) AS integer) END), 0)
FROM `booking_submissions` GROUP BY `d`, `s`;
--> statement-breakpoint
INSERT INTO `rollup_bookings` (`status`, `room_type`, `bookings`, `revenue`)
SELECT `status`, `room_type`, count(*),
  coalesce(sum(CASE WHEN `is_points_booking` = 0 THEN coalesce(`total_price`, 0) ELSE 0 END), 0)
FROM `booking_submissions` GROUP BY `status`, `room_type`;
--> statement-breakpoint
INSERT INTO `rollup_site_visit_days` (`visit_date`, `visits`)
SELECT `visit_date`, count(*) FROM `site_visits` GROUP BY `visit_date`;
--> statement-breakpoint
INSERT INTO `rollup_service_visits` (`service_name`, `service_category`, `visits`)
SELECT `service_name`, `service_category`, count(*) FROM `service_visits` GROUP BY `service_name`, `service_category`;
--> statement-breakpoint
INSERT INTO `rollup_service_visit_days` (`visit_date`, `service_name`, `visits`)
SELECT `visit_date`, `service_name`, count(*) FROM `service_visits` GROUP BY `visit_date`, `service_name`;
--> statement-breakpoint
INSERT INTO `rollup_reviews` (`status`, `reviews`, `stars`)
SELECT `status`, count(*), sum(`star_rating`) FROM `reviews` GROUP BY `status`;
--> statement-breakpoint
INSERT INTO `rollup_counts` (`name`, `value`)
SELECT 'registered_users', count(*) FROM `users` WHERE `role` = 'guest' AND `is_verified` = 1;
--> statement-breakpoint

-- Bookings. A trigger cannot use WITH, so a stay's nights are walked with json_each over an
-- array of as many zeros as the stay has nights ('[0,0,0]'): key 0, 1, 2 is the night's offset.
CREATE TRIGGER `rollup_bookings_insert` AFTER INSERT ON `booking_submissions`
BEGIN
  INSERT INTO `rollup_nights` (`night`, `room_nights`, `revenue`)
  SELECT date(NEW.`check_in_date`, '+' || `key` || ' days'), 1,
    CASE WHEN NEW.`is_points_booking` = 1 OR NEW.`total_price` IS NULL THEN 0
      ELSE NEW.`total_price` / cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer) END
  FROM json_each('[' || rtrim(replace(hex(zeroblob(cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer))), '00', '0,'), ',') || ']')
  WHERE NEW.`status` IN ('approved', 'confirmed', 'completed')
  ON CONFLICT (`night`) DO UPDATE SET `room_nights` = `room_nights` + excluded.`room_nights`, `revenue` = `revenue` + excluded.`revenue`;
  INSERT INTO `rollup_months` (`month`, `room_nights`, `revenue`)
  SELECT substr(date(NEW.`check_in_date`, '+' || `key` || ' days'), 1, 7) AS `m`, count(*),
    count(*) * CASE WHEN NEW.`is_points_booking` = 1 OR NEW.`total_price` IS NULL THEN 0
      ELSE NEW.`total_price` / cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer) END
  FROM json_each('[' || rtrim(replace(hex(zeroblob(cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer))), '00', '0,'), ',') || ']')
  WHERE NEW.`status` IN ('approved', 'confirmed', 'completed') GROUP BY `m`
  ON CONFLICT (`month`) DO UPDATE SET `room_nights` = `room_nights` + excluded.`room_nights`, `revenue` = `revenue` + excluded.`revenue`;
  INSERT INTO `rollup_booking_days` (`day`, `source`, `made`, `cancelled`, `lead_days`, `stay_nights`)
  SELECT date(NEW.`created_at` / 1000, 'unixepoch', '+4 hours'),
    CASE WHEN NEW.`is_points_booking` = 1 OR NEW.`booking_type` = 'free_night' THEN 'points'
      WHEN NEW.`booking_type` = 'chat_assistant' THEN 'assistant'
      WHEN NEW.`created_by_staff_id` IS NOT NULL THEN 'desk'
      WHEN NEW.`booking_type` = 'quick_management' THEN 'quick'
      ELSE 'guest_form' END,
    1, NEW.`status` = 'cancelled',
    CASE WHEN NEW.`status` != 'cancelled' THEN
      cast(julianday(NEW.`check_in_date`) - julianday(date(NEW.`created_at` / 1000, 'unixepoch', '+4 hours')) AS integer) ELSE 0 END,
    CASE WHEN NEW.`status` != 'cancelled' THEN
      cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer) ELSE 0 END
  WHERE true
  ON CONFLICT (`day`, `source`) DO UPDATE SET `made` = `made` + excluded.`made`, `cancelled` = `cancelled` + excluded.`cancelled`,
    `lead_days` = `lead_days` + excluded.`lead_days`, `stay_nights` = `stay_nights` + excluded.`stay_nights`;
  INSERT INTO `rollup_bookings` (`status`, `room_type`, `bookings`, `revenue`)
  SELECT NEW.`status`, NEW.`room_type`, 1, CASE WHEN NEW.`is_points_booking` = 0 THEN coalesce(NEW.`total_price`, 0) ELSE 0 END
  WHERE true
  ON CONFLICT (`status`, `room_type`) DO UPDATE SET `bookings` = `bookings` + excluded.`bookings`, `revenue` = `revenue` + excluded.`revenue`;
END;
--> statement-breakpoint
CREATE TRIGGER `rollup_bookings_delete` AFTER DELETE ON `booking_submissions`
BEGIN
  INSERT INTO `rollup_nights` (`night`, `room_nights`, `revenue`)
  SELECT date(OLD.`check_in_date`, '+' || `key` || ' days'), -1,
    -(CASE WHEN OLD.`is_points_booking` = 1 OR OLD.`total_price` IS NULL THEN 0
      ELSE OLD.`total_price` / cast(julianday(OLD.`check_out_date`) - julianday(OLD.`check_in_date`) AS integer) END)
  FROM json_each('[' || rtrim(replace(hex(zeroblob(cast(julianday(OLD.`check_out_date`) - julianday(OLD.`check_in_date`) AS integer))), '00', '0,'), ',') || ']')
  WHERE OLD.`status` IN ('approved', 'confirmed', 'completed')
  ON CONFLICT (`night`) DO UPDATE SET `room_nights` = `room_nights` + excluded.`room_nights`, `revenue` = `revenue` + excluded.`revenue`;
  INSERT INTO `rollup_months` (`month`, `room_nights`, `revenue`)
  SELECT substr(date(OLD.`check_in_date`, '+' || `key` || ' days'), 1, 7) AS `m`, -count(*),
    -count(*) * CASE WHEN OLD.`is_points_booking` = 1 OR OLD.`total_price` IS NULL THEN 0
      ELSE OLD.`total_price` / cast(julianday(OLD.`check_out_date`) - julianday(OLD.`check_in_date`) AS integer) END
  FROM json_each('[' || rtrim(replace(hex(zeroblob(cast(julianday(OLD.`check_out_date`) - julianday(OLD.`check_in_date`) AS integer))), '00', '0,'), ',') || ']')
  WHERE OLD.`status` IN ('approved', 'confirmed', 'completed') GROUP BY `m`
  ON CONFLICT (`month`) DO UPDATE SET `room_nights` = `room_nights` + excluded.`room_nights`, `revenue` = `revenue` + excluded.`revenue`;
  INSERT INTO `rollup_booking_days` (`day`, `source`, `made`, `cancelled`, `lead_days`, `stay_nights`)
  SELECT date(OLD.`created_at` / 1000, 'unixepoch', '+4 hours'),
    CASE WHEN OLD.`is_points_booking` = 1 OR OLD.`booking_type` = 'free_night' THEN 'points'
      WHEN OLD.`booking_type` = 'chat_assistant' THEN 'assistant'
      WHEN OLD.`created_by_staff_id` IS NOT NULL THEN 'desk'
      WHEN OLD.`booking_type` = 'quick_management' THEN 'quick'
      ELSE 'guest_form' END,
    -1, -(OLD.`status` = 'cancelled'),
    -(CASE WHEN OLD.`status` != 'cancelled' THEN
      cast(julianday(OLD.`check_in_date`) - julianday(date(OLD.`created_at` / 1000, 'unixepoch', '+4 hours')) AS integer) ELSE 0 END),
    -(CASE WHEN OLD.`status` != 'cancelled' THEN
      cast(julianday(OLD.`check_out_date`) - julianday(OLD.`check_in_date`) AS integer) ELSE 0 END)
  WHERE true
  ON CONFLICT (`day`, `source`) DO UPDATE SET `made` = `made` + excluded.`made`, `cancelled` = `cancelled` + excluded.`cancelled`,
    `lead_days` = `lead_days` + excluded.`lead_days`, `stay_nights` = `stay_nights` + excluded.`stay_nights`;
  INSERT INTO `rollup_bookings` (`status`, `room_type`, `bookings`, `revenue`)
  SELECT OLD.`status`, OLD.`room_type`, -1, -(CASE WHEN OLD.`is_points_booking` = 0 THEN coalesce(OLD.`total_price`, 0) ELSE 0 END)
  WHERE true
  ON CONFLICT (`status`, `room_type`) DO UPDATE SET `bookings` = `bookings` + excluded.`bookings`, `revenue` = `revenue` + excluded.`revenue`;
END;
--> statement-breakpoint
-- A change of anything a figure depends on takes the old row's share out and puts the new
-- row's in (a status change, a staff account deleted under a desk booking, a date fixed by hand).
CREATE TRIGGER `rollup_bookings_update` AFTER UPDATE ON `booking_submissions`
WHEN OLD.`status` IS NOT NEW.`status` OR OLD.`check_in_date` IS NOT NEW.`check_in_date`
  OR OLD.`check_out_date` IS NOT NEW.`check_out_date` OR OLD.`total_price` IS NOT NEW.`total_price`
  OR OLD.`is_points_booking` IS NOT NEW.`is_points_booking` OR OLD.`booking_type` IS NOT NEW.`booking_type`
  OR OLD.`created_by_staff_id` IS NOT NEW.`created_by_staff_id` OR OLD.`created_at` IS NOT NEW.`created_at`
  OR OLD.`room_type` IS NOT NEW.`room_type`
BEGIN
  INSERT INTO `rollup_nights` (`night`, `room_nights`, `revenue`)
  SELECT date(OLD.`check_in_date`, '+' || `key` || ' days'), -1,
    -(CASE WHEN OLD.`is_points_booking` = 1 OR OLD.`total_price` IS NULL THEN 0
      ELSE OLD.`total_price` / cast(julianday(OLD.`check_out_date`) - julianday(OLD.`check_in_date`) AS integer) END)
  FROM json_each('[' || rtrim(replace(hex(zeroblob(cast(julianday(OLD.`check_out_date`) - julianday(OLD.`check_in_date`) AS integer))), '00', '0,'), ',') || ']')
  WHERE OLD.`status` IN ('approved', 'confirmed', 'completed')
  ON CONFLICT (`night`) DO UPDATE SET `room_nights` = `room_nights` + excluded.`room_nights`, `revenue` = `revenue` + excluded.`revenue`;
  INSERT INTO `rollup_nights` (`night`, `room_nights`, `revenue`)
  SELECT date(NEW.`check_in_date`, '+' || `key` || ' days'), 1,
    CASE WHEN NEW.`is_points_booking` = 1 OR NEW.`total_price` IS NULL THEN 0
      ELSE NEW.`total_price` / cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer) END
  FROM json_each('[' || rtrim(replace(hex(zeroblob(cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer))), '00', '0,'), ',') || ']')
  WHERE NEW.`status` IN ('approved', 'confirmed', 'completed')
  ON CONFLICT (`night`) DO UPDATE SET `room_nights` = `room_nights` + excluded.`room_nights`, `revenue` = `revenue` + excluded.`revenue`;
  INSERT INTO `rollup_months` (`month`, `room_nights`, `revenue`)
  SELECT substr(date(OLD.`check_in_date`, '+' || `key` || ' days'), 1, 7) AS `m`, -count(*),
    -count(*) * CASE WHEN OLD.`is_points_booking` = 1 OR OLD.`total_price` IS NULL THEN 0
      ELSE OLD.`total_price` / cast(julianday(OLD.`check_out_date`) - julianday(OLD.`check_in_date`) AS integer) END
  FROM json_each('[' || rtrim(replace(hex(zeroblob(cast(julianday(OLD.`check_out_date`) - julianday(OLD.`check_in_date`) AS integer))), '00', '0,'), ',') || ']')
  WHERE OLD.`status` IN ('approved', 'confirmed', 'completed') GROUP BY `m`
  ON CONFLICT (`month`) DO UPDATE SET `room_nights` = `room_nights` + excluded.`room_nights`, `revenue` = `revenue` + excluded.`revenue`;
  INSERT INTO `rollup_months` (`month`, `room_nights`, `revenue`)
  SELECT substr(date(NEW.`check_in_date`, '+' || `key` || ' days'), 1, 7) AS `m`, count(*),
    count(*) * CASE WHEN NEW.`is_points_booking` = 1 OR NEW.`total_price` IS NULL THEN 0
      ELSE NEW.`total_price` / cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer) END
  FROM json_each('[' || rtrim(replace(hex(zeroblob(cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer))), '00', '0,'), ',') || ']')
  WHERE NEW.`status` IN ('approved', 'confirmed', 'completed') GROUP BY `m`
  ON CONFLICT (`month`) DO UPDATE SET `room_nights` = `room_nights` + excluded.`room_nights`, `revenue` = `revenue` + excluded.`revenue`;
  INSERT INTO `rollup_booking_days` (`day`, `source`, `made`, `cancelled`, `lead_days`, `stay_nights`)
  SELECT date(OLD.`created_at` / 1000, 'unixepoch', '+4 hours'),
    CASE WHEN OLD.`is_points_booking` = 1 OR OLD.`booking_type` = 'free_night' THEN 'points'
      WHEN OLD.`booking_type` = 'chat_assistant' THEN 'assistant'
      WHEN OLD.`created_by_staff_id` IS NOT NULL THEN 'desk'
      WHEN OLD.`booking_type` = 'quick_management' THEN 'quick'
      ELSE 'guest_form' END,
    -1, -(OLD.`status` = 'cancelled'),
    -(CASE WHEN OLD.`status` != 'cancelled' THEN
      cast(julianday(OLD.`check_in_date`) - julianday(date(OLD.`created_at` / 1000, 'unixepoch', '+4 hours')) AS integer) ELSE 0 END),
    -(CASE WHEN OLD.`status` != 'cancelled' THEN
      cast(julianday(OLD.`check_out_date`) - julianday(OLD.`check_in_date`) AS integer) ELSE 0 END)
  WHERE true
  ON CONFLICT (`day`, `source`) DO UPDATE SET `made` = `made` + excluded.`made`, `cancelled` = `cancelled` + excluded.`cancelled`,
    `lead_days` = `lead_days` + excluded.`lead_days`, `stay_nights` = `stay_nights` + excluded.`stay_nights`;
  INSERT INTO `rollup_booking_days` (`day`, `source`, `made`, `cancelled`, `lead_days`, `stay_nights`)
  SELECT date(NEW.`created_at` / 1000, 'unixepoch', '+4 hours'),
    CASE WHEN NEW.`is_points_booking` = 1 OR NEW.`booking_type` = 'free_night' THEN 'points'
      WHEN NEW.`booking_type` = 'chat_assistant' THEN 'assistant'
      WHEN NEW.`created_by_staff_id` IS NOT NULL THEN 'desk'
      WHEN NEW.`booking_type` = 'quick_management' THEN 'quick'
      ELSE 'guest_form' END,
    1, NEW.`status` = 'cancelled',
    CASE WHEN NEW.`status` != 'cancelled' THEN
      cast(julianday(NEW.`check_in_date`) - julianday(date(NEW.`created_at` / 1000, 'unixepoch', '+4 hours')) AS integer) ELSE 0 END,
    CASE WHEN NEW.`status` != 'cancelled' THEN
      cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer) ELSE 0 END
  WHERE true
  ON CONFLICT (`day`, `source`) DO UPDATE SET `made` = `made` + excluded.`made`, `cancelled` = `cancelled` + excluded.`cancelled`,
    `lead_days` = `lead_days` + excluded.`lead_days`, `stay_nights` = `stay_nights` + excluded.`stay_nights`;
  INSERT INTO `rollup_bookings` (`status`, `room_type`, `bookings`, `revenue`)
  SELECT OLD.`status`, OLD.`room_type`, -1, -(CASE WHEN OLD.`is_points_booking` = 0 THEN coalesce(OLD.`total_price`, 0) ELSE 0 END)
  WHERE true
  ON CONFLICT (`status`, `room_type`) DO UPDATE SET `bookings` = `bookings` + excluded.`bookings`, `revenue` = `revenue` + excluded.`revenue`;
  INSERT INTO `rollup_bookings` (`status`, `room_type`, `bookings`, `revenue`)
  SELECT NEW.`status`, NEW.`room_type`, 1, CASE WHEN NEW.`is_points_booking` = 0 THEN coalesce(NEW.`total_price`, 0) ELSE 0 END
  WHERE true
  ON CONFLICT (`status`, `room_type`) DO UPDATE SET `bookings` = `bookings` + excluded.`bookings`, `revenue` = `revenue` + excluded.`revenue`;
END;
--> statement-breakpoint

-- Visits: a visit counted is a row inserted (ON CONFLICT DO NOTHING inserts none, fires nothing).
CREATE TRIGGER `rollup_site_visits_insert` AFTER INSERT ON `site_visits`
BEGIN
  INSERT INTO `rollup_site_visit_days` (`visit_date`, `visits`) VALUES (NEW.`visit_date`, 1)
  ON CONFLICT (`visit_date`) DO UPDATE SET `visits` = `visits` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `rollup_site_visits_delete` AFTER DELETE ON `site_visits`
BEGIN
  UPDATE `rollup_site_visit_days` SET `visits` = `visits` - 1 WHERE `visit_date` = OLD.`visit_date`;
END;
--> statement-breakpoint
CREATE TRIGGER `rollup_site_visits_update` AFTER UPDATE OF `visit_date` ON `site_visits`
WHEN OLD.`visit_date` IS NOT NEW.`visit_date`
BEGIN
  UPDATE `rollup_site_visit_days` SET `visits` = `visits` - 1 WHERE `visit_date` = OLD.`visit_date`;
  INSERT INTO `rollup_site_visit_days` (`visit_date`, `visits`) VALUES (NEW.`visit_date`, 1)
  ON CONFLICT (`visit_date`) DO UPDATE SET `visits` = `visits` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `rollup_service_visits_insert` AFTER INSERT ON `service_visits`
BEGIN
  INSERT INTO `rollup_service_visits` (`service_name`, `service_category`, `visits`)
  VALUES (NEW.`service_name`, NEW.`service_category`, 1)
  ON CONFLICT (`service_name`, `service_category`) DO UPDATE SET `visits` = `visits` + 1;
  INSERT INTO `rollup_service_visit_days` (`visit_date`, `service_name`, `visits`)
  VALUES (NEW.`visit_date`, NEW.`service_name`, 1)
  ON CONFLICT (`visit_date`, `service_name`) DO UPDATE SET `visits` = `visits` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `rollup_service_visits_delete` AFTER DELETE ON `service_visits`
BEGIN
  UPDATE `rollup_service_visits` SET `visits` = `visits` - 1
  WHERE `service_name` = OLD.`service_name` AND `service_category` = OLD.`service_category`;
  UPDATE `rollup_service_visit_days` SET `visits` = `visits` - 1
  WHERE `visit_date` = OLD.`visit_date` AND `service_name` = OLD.`service_name`;
END;
--> statement-breakpoint
CREATE TRIGGER `rollup_service_visits_update` AFTER UPDATE OF `service_name`, `service_category`, `visit_date` ON `service_visits`
BEGIN
  UPDATE `rollup_service_visits` SET `visits` = `visits` - 1
  WHERE `service_name` = OLD.`service_name` AND `service_category` = OLD.`service_category`;
  UPDATE `rollup_service_visit_days` SET `visits` = `visits` - 1
  WHERE `visit_date` = OLD.`visit_date` AND `service_name` = OLD.`service_name`;
  INSERT INTO `rollup_service_visits` (`service_name`, `service_category`, `visits`)
  VALUES (NEW.`service_name`, NEW.`service_category`, 1)
  ON CONFLICT (`service_name`, `service_category`) DO UPDATE SET `visits` = `visits` + 1;
  INSERT INTO `rollup_service_visit_days` (`visit_date`, `service_name`, `visits`)
  VALUES (NEW.`visit_date`, NEW.`service_name`, 1)
  ON CONFLICT (`visit_date`, `service_name`) DO UPDATE SET `visits` = `visits` + 1;
END;
--> statement-breakpoint

-- Reviews per status (the moderation list's counts, the public count and average).
CREATE TRIGGER `rollup_reviews_insert` AFTER INSERT ON `reviews`
BEGIN
  INSERT INTO `rollup_reviews` (`status`, `reviews`, `stars`) VALUES (NEW.`status`, 1, NEW.`star_rating`)
  ON CONFLICT (`status`) DO UPDATE SET `reviews` = `reviews` + 1, `stars` = `stars` + excluded.`stars`;
END;
--> statement-breakpoint
CREATE TRIGGER `rollup_reviews_delete` AFTER DELETE ON `reviews`
BEGIN
  UPDATE `rollup_reviews` SET `reviews` = `reviews` - 1, `stars` = `stars` - OLD.`star_rating` WHERE `status` = OLD.`status`;
END;
--> statement-breakpoint
CREATE TRIGGER `rollup_reviews_update` AFTER UPDATE OF `status`, `star_rating` ON `reviews`
WHEN OLD.`status` IS NOT NEW.`status` OR OLD.`star_rating` IS NOT NEW.`star_rating`
BEGIN
  UPDATE `rollup_reviews` SET `reviews` = `reviews` - 1, `stars` = `stars` - OLD.`star_rating` WHERE `status` = OLD.`status`;
  INSERT INTO `rollup_reviews` (`status`, `reviews`, `stars`) VALUES (NEW.`status`, 1, NEW.`star_rating`)
  ON CONFLICT (`status`) DO UPDATE SET `reviews` = `reviews` + 1, `stars` = `stars` + excluded.`stars`;
END;
--> statement-breakpoint

-- Registered users: verified guest accounts.
CREATE TRIGGER `rollup_users_insert` AFTER INSERT ON `users`
WHEN NEW.`role` = 'guest' AND NEW.`is_verified` = 1
BEGIN
  UPDATE `rollup_counts` SET `value` = `value` + 1 WHERE `name` = 'registered_users';
END;
--> statement-breakpoint
CREATE TRIGGER `rollup_users_delete` AFTER DELETE ON `users`
WHEN OLD.`role` = 'guest' AND OLD.`is_verified` = 1
BEGIN
  UPDATE `rollup_counts` SET `value` = `value` - 1 WHERE `name` = 'registered_users';
END;
--> statement-breakpoint
CREATE TRIGGER `rollup_users_update` AFTER UPDATE OF `role`, `is_verified` ON `users`
WHEN (OLD.`role` = 'guest' AND OLD.`is_verified` = 1) IS NOT (NEW.`role` = 'guest' AND NEW.`is_verified` = 1)
BEGIN
  UPDATE `rollup_counts` SET `value` = `value` + (CASE WHEN NEW.`role` = 'guest' AND NEW.`is_verified` = 1 THEN 1 ELSE -1 END)
  WHERE `name` = 'registered_users';
END;
--> statement-breakpoint

-- Lists read newest first, one page: each needs an index in its order, or every read sorts the
-- whole table. The dashboard's cancelled bookings are the latest changed.
CREATE INDEX `booking_submissions_status_updated_at_idx` ON `booking_submissions` (`status`,`updated_at`);
--> statement-breakpoint
CREATE INDEX `photography_submissions_submission_date_idx` ON `photography_submissions` (`submission_date`);
--> statement-breakpoint
CREATE INDEX `google_review_submissions_submission_date_idx` ON `google_review_submissions` (`submission_date`);
--> statement-breakpoint
CREATE INDEX `location_sharing_submissions_submission_date_idx` ON `location_sharing_submissions` (`submission_date`);
--> statement-breakpoint
CREATE INDEX `reviews_created_at_idx` ON `reviews` (`created_at`);
