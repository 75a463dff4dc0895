-- Room revenue per night follows a booking's nightly prices (rates: a weekend night at
-- 20.000 counts 20.000 on its night, not the stay's average). Where a booking keeps
-- `night_prices` (one price per night from the arrival, as many as its nights), the rollups of
-- nights and months (migration 0020) add each night's own price; a booking without them (made
-- before rates, or a points booking, which counts 0) keeps the total divided by its nights. The
-- three booking triggers are made again with that per-night figure, the update trigger also fires
-- when only the nightly prices change, and the two rollups are rebuilt from the bookings.
DROP TRIGGER `rollup_bookings_insert`;
--> statement-breakpoint
CREATE TRIGGER `rollup_bookings_insert` AFTER INSERT ON `booking_submissions`
BEGIN
  INSERT INTO `rollup_nights` (`night`, `room_nights`, `revenue`)
  SELECT date(NEW.`check_in_date`, '+' || `key` || ' days'), 1,
    CASE WHEN NEW.`is_points_booking` = 1 OR NEW.`total_price` IS NULL THEN 0
      WHEN json_array_length(NEW.`night_prices`) = cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer)
        THEN json_extract(NEW.`night_prices`, '$[' || `key` || ']')
      ELSE NEW.`total_price` / cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer) END
  FROM json_each('[' || rtrim(replace(hex(zeroblob(cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer))), '00', '0,'), ',') || ']')
  WHERE NEW.`status` IN ('approved', 'confirmed', 'completed')
  ON CONFLICT (`night`) DO UPDATE SET `room_nights` = `room_nights` + excluded.`room_nights`, `revenue` = `revenue` + excluded.`revenue`;
  INSERT INTO `rollup_months` (`month`, `room_nights`, `revenue`)
  SELECT substr(date(NEW.`check_in_date`, '+' || `key` || ' days'), 1, 7) AS `m`, count(*),
    sum(CASE WHEN NEW.`is_points_booking` = 1 OR NEW.`total_price` IS NULL THEN 0
      WHEN json_array_length(NEW.`night_prices`) = cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer)
        THEN json_extract(NEW.`night_prices`, '$[' || `key` || ']')
      ELSE NEW.`total_price` / cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer) END)
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
DROP TRIGGER `rollup_bookings_update`;
--> statement-breakpoint
CREATE TRIGGER `rollup_bookings_update` AFTER UPDATE ON `booking_submissions`
WHEN OLD.`status` IS NOT NEW.`status` OR OLD.`check_in_date` IS NOT NEW.`check_in_date`
  OR OLD.`check_out_date` IS NOT NEW.`check_out_date` OR OLD.`total_price` IS NOT NEW.`total_price`
  OR OLD.`is_points_booking` IS NOT NEW.`is_points_booking` OR OLD.`booking_type` IS NOT NEW.`booking_type`
  OR OLD.`created_by_staff_id` IS NOT NEW.`created_by_staff_id` OR OLD.`created_at` IS NOT NEW.`created_at`
  OR OLD.`room_type` IS NOT NEW.`room_type` OR OLD.`night_prices` IS NOT NEW.`night_prices`
BEGIN
  INSERT INTO `rollup_nights` (`night`, `room_nights`, `revenue`)
  SELECT date(OLD.`check_in_date`, '+' || `key` || ' days'), -1,
    -(CASE WHEN OLD.`is_points_booking` = 1 OR OLD.`total_price` IS NULL THEN 0
      WHEN json_array_length(OLD.`night_prices`) = cast(julianday(OLD.`check_out_date`) - julianday(OLD.`check_in_date`) AS integer)
        THEN json_extract(OLD.`night_prices`, '$[' || `key` || ']')
      ELSE OLD.`total_price` / cast(julianday(OLD.`check_out_date`) - julianday(OLD.`check_in_date`) AS integer) END)
  FROM json_each('[' || rtrim(replace(hex(zeroblob(cast(julianday(OLD.`check_out_date`) - julianday(OLD.`check_in_date`) AS integer))), '00', '0,'), ',') || ']')
  WHERE OLD.`status` IN ('approved', 'confirmed', 'completed')
  ON CONFLICT (`night`) DO UPDATE SET `room_nights` = `room_nights` + excluded.`room_nights`, `revenue` = `revenue` + excluded.`revenue`;
  INSERT INTO `rollup_nights` (`night`, `room_nights`, `revenue`)
  SELECT date(NEW.`check_in_date`, '+' || `key` || ' days'), 1,
    CASE WHEN NEW.`is_points_booking` = 1 OR NEW.`total_price` IS NULL THEN 0
      WHEN json_array_length(NEW.`night_prices`) = cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer)
        THEN json_extract(NEW.`night_prices`, '$[' || `key` || ']')
      ELSE NEW.`total_price` / cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer) END
  FROM json_each('[' || rtrim(replace(hex(zeroblob(cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer))), '00', '0,'), ',') || ']')
  WHERE NEW.`status` IN ('approved', 'confirmed', 'completed')
  ON CONFLICT (`night`) DO UPDATE SET `room_nights` = `room_nights` + excluded.`room_nights`, `revenue` = `revenue` + excluded.`revenue`;
  INSERT INTO `rollup_months` (`month`, `room_nights`, `revenue`)
  SELECT substr(date(OLD.`check_in_date`, '+' || `key` || ' days'), 1, 7) AS `m`, -count(*),
    -sum(CASE WHEN OLD.`is_points_booking` = 1 OR OLD.`total_price` IS NULL THEN 0
      WHEN json_array_length(OLD.`night_prices`) = cast(julianday(OLD.`check_out_date`) - julianday(OLD.`check_in_date`) AS integer)
        THEN json_extract(OLD.`night_prices`, '$[' || `key` || ']')
      ELSE OLD.`total_price` / cast(julianday(OLD.`check_out_date`) - julianday(OLD.`check_in_date`) AS integer) END)
  FROM json_each('[' || rtrim(replace(hex(zeroblob(cast(julianday(OLD.`check_out_date`) - julianday(OLD.`check_in_date`) AS integer))), '00', '0,'), ',') || ']')
  WHERE OLD.`status` IN ('approved', 'confirmed', 'completed') GROUP BY `m`
  ON CONFLICT (`month`) DO UPDATE SET `room_nights` = `room_nights` + excluded.`room_nights`, `revenue` = `revenue` + excluded.`revenue`;
  INSERT INTO `rollup_months` (`month`, `room_nights`, `revenue`)
  SELECT substr(date(NEW.`check_in_date`, '+' || `key` || ' days'), 1, 7) AS `m`, count(*),
    sum(CASE WHEN NEW.`is_points_booking` = 1 OR NEW.`total_price` IS NULL THEN 0
      WHEN json_array_length(NEW.`night_prices`) = cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer)
        THEN json_extract(NEW.`night_prices`, '$[' || `key` || ']')
      ELSE NEW.`total_price` / cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer) END)
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
DROP TRIGGER `rollup_bookings_delete`;
--> statement-breakpoint
CREATE TRIGGER `rollup_bookings_delete` AFTER DELETE ON `booking_submissions`
BEGIN
  INSERT INTO `rollup_nights` (`night`, `room_nights`, `revenue`)
  SELECT date(OLD.`check_in_date`, '+' || `key` || ' days'), -1,
    -(CASE WHEN OLD.`is_points_booking` = 1 OR OLD.`total_price` IS NULL THEN 0
      WHEN json_array_length(OLD.`night_prices`) = cast(julianday(OLD.`check_out_date`) - julianday(OLD.`check_in_date`) AS integer)
        THEN json_extract(OLD.`night_prices`, '$[' || `key` || ']')
      ELSE OLD.`total_price` / cast(julianday(OLD.`check_out_date`) - julianday(OLD.`check_in_date`) AS integer) END)
  FROM json_each('[' || rtrim(replace(hex(zeroblob(cast(julianday(OLD.`check_out_date`) - julianday(OLD.`check_in_date`) AS integer))), '00', '0,'), ',') || ']')
  WHERE OLD.`status` IN ('approved', 'confirmed', 'completed')
  ON CONFLICT (`night`) DO UPDATE SET `room_nights` = `room_nights` + excluded.`room_nights`, `revenue` = `revenue` + excluded.`revenue`;
  INSERT INTO `rollup_months` (`month`, `room_nights`, `revenue`)
  SELECT substr(date(OLD.`check_in_date`, '+' || `key` || ' days'), 1, 7) AS `m`, -count(*),
    -sum(CASE WHEN OLD.`is_points_booking` = 1 OR OLD.`total_price` IS NULL THEN 0
      WHEN json_array_length(OLD.`night_prices`) = cast(julianday(OLD.`check_out_date`) - julianday(OLD.`check_in_date`) AS integer)
        THEN json_extract(OLD.`night_prices`, '$[' || `key` || ']')
      ELSE OLD.`total_price` / cast(julianday(OLD.`check_out_date`) - julianday(OLD.`check_in_date`) AS integer) END)
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
DELETE FROM `rollup_nights`;
--> statement-breakpoint
DELETE FROM `rollup_months`;
--> statement-breakpoint
INSERT INTO `rollup_nights` (`night`, `room_nights`, `revenue`)
WITH RECURSIVE `stay`(`night`, `key`, `check_out`, `nights`, `total`, `prices`, `points`) AS (
  SELECT `check_in_date`, 0, `check_out_date`,
    cast(julianday(`check_out_date`) - julianday(`check_in_date`) AS integer),
    `total_price`, `night_prices`, `is_points_booking`
  FROM `booking_submissions` WHERE `status` IN ('approved', 'confirmed', 'completed')
  UNION ALL
  SELECT date(`night`, '+1 day'), `key` + 1, `check_out`, `nights`, `total`, `prices`, `points`
  FROM `stay` WHERE date(`night`, '+1 day') < `check_out`
)
SELECT `night`, count(*), sum(CASE WHEN `points` = 1 OR `total` IS NULL THEN 0
    WHEN json_array_length(`prices`) = `nights` THEN json_extract(`prices`, '$[' || `key` || ']')
    ELSE `total` / `nights` END)
FROM `stay` GROUP BY `night`;
--> statement-breakpoint
INSERT INTO `rollup_months` (`month`, `room_nights`, `revenue`)
SELECT substr(`night`, 1, 7), sum(`room_nights`), sum(`revenue`) FROM `rollup_nights` GROUP BY substr(`night`, 1, 7);
