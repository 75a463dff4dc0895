-- Bookings take adults and children: a room type holds up to 12 guests (its own limits, `rooms`
-- max_adults / max_children / max_guests), so a booking's guests are no longer capped at four.
-- `adults` and `children` are stored beside `number_of_guests` (their sum); a booking made before
-- counts its guests as adults (a row written without them, null, is read the same way).
-- SQLite cannot change a CHECK constraint, so `booking_submissions` is rebuilt with its rows,
-- indexes and triggers, as `users` was (migration 0049): the triggers dropped (none fires while
-- the rows move), the rows copied aside, the old table's ids turned negative (no child refers to a
-- negative id, and no foreign key acts on an update of the parent key), the old table dropped
-- without touching a child (booking nights, room nights, folio lines, invoices, payments), and
-- the new one created under the same name and filled with the rows as they were; then its indexes
-- and triggers, as they stood. The deferred checks pass at the end: every child finds its booking.
PRAGMA defer_foreign_keys = on;
--> statement-breakpoint
DROP TRIGGER `booking_submissions_pending_caps`;
--> statement-breakpoint
DROP TRIGGER `bookings_version_insert`;
--> statement-breakpoint
DROP TRIGGER `bookings_version_update`;
--> statement-breakpoint
DROP TRIGGER `bookings_version_delete`;
--> statement-breakpoint
DROP TRIGGER `staff_alert_booking`;
--> statement-breakpoint
DROP TRIGGER `booking_room_nights_release_cancelled`;
--> statement-breakpoint
DROP TRIGGER `booking_search_insert`;
--> statement-breakpoint
DROP TRIGGER `booking_search_update`;
--> statement-breakpoint
DROP TRIGGER `booking_search_delete`;
--> statement-breakpoint
DROP TRIGGER `stay_in_house_not_cancelled`;
--> statement-breakpoint
DROP TRIGGER `stay_in_house_completed_by_check_out`;
--> statement-breakpoint
DROP TRIGGER `stay_check_in_status`;
--> statement-breakpoint
DROP TRIGGER `stay_state_on_insert`;
--> statement-breakpoint
DROP TRIGGER `booking_room_nights_release_moved`;
--> statement-breakpoint
DROP TRIGGER `guest_profile_last_stay`;
--> statement-breakpoint
DROP TRIGGER `booking_reopen_state`;
--> statement-breakpoint
DROP TRIGGER `booking_reopen_holds_nights`;
--> statement-breakpoint
DROP TRIGGER `guest_profile_attach`;
--> statement-breakpoint
DROP TRIGGER `rollup_bookings_insert`;
--> statement-breakpoint
DROP TRIGGER `rollup_bookings_update`;
--> statement-breakpoint
DROP TRIGGER `rollup_bookings_delete`;
--> statement-breakpoint
CREATE TABLE `__keep_booking_submissions` AS SELECT * FROM `booking_submissions`;
--> statement-breakpoint
-- The ids drawn so far (AUTOINCREMENT's counter goes with the table): a new booking never takes
-- the id of one deleted before, which audit lines and messages may still name.
CREATE TABLE `__keep_booking_sequence` AS
  SELECT `seq` FROM `sqlite_sequence` WHERE `name` = 'booking_submissions';
--> statement-breakpoint
UPDATE `booking_submissions` SET `id` = -`id`;
--> statement-breakpoint
DROP TABLE `booking_submissions`;
--> statement-breakpoint
CREATE TABLE `booking_submissions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`full_name` text NOT NULL,
	`phone_number` text NOT NULL,
	`user_email` text,
	`id_number` text NOT NULL,
	`check_in_date` text NOT NULL,
	`check_out_date` text NOT NULL,
	`room_type` text NOT NULL,
	`room_number` integer,
	`bed_type` text,
	`smoking_preference` text,
	`number_of_guests` integer DEFAULT 2 NOT NULL,
	`total_price` integer,
	`extras` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`status_reason` text,
	`is_points_booking` integer DEFAULT false NOT NULL,
	`points_used` integer DEFAULT 0 NOT NULL,
	`booking_type` text,
	`payment_method` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`reference` text NOT NULL,
	`created_by_staff_id` integer REFERENCES `users`(`id`) ON DELETE set null,
	`client_hash` text,
	`change_token` text,
	`chat_session_id` text,
	`email` text,
	`lang` text DEFAULT 'ar' NOT NULL,
	`device_id` text,
	`pending_since` integer,
	`check_in_arrival_time` text,
	`check_in_adults` integer,
	`check_in_children` integer,
	`check_in_requests` text,
	`check_in_terms_accepted_at` integer,
	`checked_in_online_at` integer,
	`id_document_key` text,
	`id_document_type` text,
	`id_document_uploaded_at` integer,
	`id_data_purged_at` integer,
	`room_id` integer REFERENCES `hotel_rooms`(`id`) ON DELETE set null,
	`checked_in_at` integer,
	`checked_in_by` integer REFERENCES `users`(`id`) ON DELETE set null,
	`checked_out_at` integer,
	`checked_out_by` integer REFERENCES `users`(`id`) ON DELETE set null,
	`departure_time` text,
	`profile_id` integer REFERENCES `guest_profiles`(`id`) ON DELETE SET NULL,
	`closed_from` text,
	`notes` text,
	`price_override_baisa` integer,
	`price_override_reason` text,
	`rate_plan` text DEFAULT 'standard' NOT NULL,
	`night_prices` text,
	`cancellation_rule` text,
	`folio_balance_baisa` integer DEFAULT 0 NOT NULL,
	`deposit_rule` text,
	`adults` integer,
	`children` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "booking_submissions_dates_check" CHECK("booking_submissions"."check_out_date" > "booking_submissions"."check_in_date"),
	CONSTRAINT "booking_submissions_price_override_check" CHECK (`price_override_baisa` >= 0),
	CONSTRAINT "booking_submissions_guests_check" CHECK("booking_submissions"."number_of_guests" between 1 and 12),
	CONSTRAINT "booking_submissions_adults_children_check" CHECK(`adults` >= 1 AND `children` >= 0)
);
--> statement-breakpoint
INSERT INTO `booking_submissions` (`id`, `user_id`, `full_name`, `phone_number`, `user_email`, `id_number`, `check_in_date`, `check_out_date`, `room_type`, `room_number`, `bed_type`, `smoking_preference`, `number_of_guests`, `total_price`, `extras`, `status`, `status_reason`, `is_points_booking`, `points_used`, `booking_type`, `payment_method`, `created_at`, `updated_at`, `reference`, `created_by_staff_id`, `client_hash`, `change_token`, `chat_session_id`, `email`, `lang`, `device_id`, `pending_since`, `check_in_arrival_time`, `check_in_adults`, `check_in_children`, `check_in_requests`, `check_in_terms_accepted_at`, `checked_in_online_at`, `id_document_key`, `id_document_type`, `id_document_uploaded_at`, `id_data_purged_at`, `room_id`, `checked_in_at`, `checked_in_by`, `checked_out_at`, `checked_out_by`, `departure_time`, `profile_id`, `closed_from`, `notes`, `price_override_baisa`, `price_override_reason`, `rate_plan`, `night_prices`, `cancellation_rule`, `folio_balance_baisa`, `deposit_rule`, `adults`, `children`)
SELECT `id`, `user_id`, `full_name`, `phone_number`, `user_email`, `id_number`, `check_in_date`, `check_out_date`, `room_type`, `room_number`, `bed_type`, `smoking_preference`, `number_of_guests`, `total_price`, `extras`, `status`, `status_reason`, `is_points_booking`, `points_used`, `booking_type`, `payment_method`, `created_at`, `updated_at`, `reference`, `created_by_staff_id`, `client_hash`, `change_token`, `chat_session_id`, `email`, `lang`, `device_id`, `pending_since`, `check_in_arrival_time`, `check_in_adults`, `check_in_children`, `check_in_requests`, `check_in_terms_accepted_at`, `checked_in_online_at`, `id_document_key`, `id_document_type`, `id_document_uploaded_at`, `id_data_purged_at`, `room_id`, `checked_in_at`, `checked_in_by`, `checked_out_at`, `checked_out_by`, `departure_time`, `profile_id`, `closed_from`, `notes`, `price_override_baisa`, `price_override_reason`, `rate_plan`, `night_prices`, `cancellation_rule`, `folio_balance_baisa`, `deposit_rule`, `number_of_guests`, 0 FROM `__keep_booking_submissions`;
--> statement-breakpoint
DROP TABLE `__keep_booking_submissions`;
--> statement-breakpoint
UPDATE `sqlite_sequence` SET `seq` = max(`seq`, (SELECT `seq` FROM `__keep_booking_sequence`))
WHERE `name` = 'booking_submissions' AND EXISTS (SELECT 1 FROM `__keep_booking_sequence`);
--> statement-breakpoint
INSERT INTO `sqlite_sequence` (`name`, `seq`)
SELECT 'booking_submissions', `seq` FROM `__keep_booking_sequence`
WHERE NOT EXISTS (SELECT 1 FROM `sqlite_sequence` WHERE `name` = 'booking_submissions');
--> statement-breakpoint
DROP TABLE `__keep_booking_sequence`;
--> statement-breakpoint
CREATE INDEX `booking_submissions_user_id_idx` ON `booking_submissions` (`user_id`);
--> statement-breakpoint
CREATE INDEX `booking_submissions_status_idx` ON `booking_submissions` (`status`,`created_at`);
--> statement-breakpoint
CREATE INDEX `booking_submissions_phone_number_idx` ON `booking_submissions` (`phone_number`);
--> statement-breakpoint
CREATE INDEX `booking_submissions_pending_phone_idx` ON `booking_submissions` (`phone_number`) WHERE `status` = 'pending';
--> statement-breakpoint
CREATE INDEX `booking_submissions_pending_client_idx` ON `booking_submissions` (`client_hash`) WHERE `status` = 'pending';
--> statement-breakpoint
CREATE INDEX `booking_submissions_stay_idx` ON `booking_submissions` (`status`,`check_out_date`,`check_in_date`,`is_points_booking`,`total_price`);
--> statement-breakpoint
CREATE INDEX `booking_submissions_status_room_type_idx` ON `booking_submissions` (`status`,`room_type`);
--> statement-breakpoint
CREATE INDEX `booking_submissions_created_at_idx` ON `booking_submissions` (`created_at`);
--> statement-breakpoint
CREATE INDEX `booking_submissions_status_updated_at_idx` ON `booking_submissions` (`status`,`updated_at`);
--> statement-breakpoint
CREATE UNIQUE INDEX `booking_submissions_reference_idx` ON `booking_submissions` (`reference`);
--> statement-breakpoint
CREATE INDEX `booking_submissions_check_in_idx` ON `booking_submissions` (`check_in_date`,`check_out_date`);
--> statement-breakpoint
CREATE INDEX `booking_submissions_created_by_staff_id_idx` ON `booking_submissions` (`created_by_staff_id`) WHERE `created_by_staff_id` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `booking_submissions_id_retention_idx` ON `booking_submissions` (`check_out_date`) WHERE `id_data_purged_at` IS NULL;
--> statement-breakpoint
CREATE INDEX `booking_submissions_id_document_key_idx` ON `booking_submissions` (`id_document_key`);
--> statement-breakpoint
CREATE INDEX `booking_submissions_checked_in_by_idx` ON `booking_submissions` (`checked_in_by`) WHERE `checked_in_by` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `booking_submissions_checked_out_by_idx` ON `booking_submissions` (`checked_out_by`) WHERE `checked_out_by` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `booking_submissions_check_out_idx` ON `booking_submissions` (`check_out_date`,`status`);
--> statement-breakpoint
CREATE INDEX `booking_submissions_profile_id_idx` ON `booking_submissions` (`profile_id`) WHERE `profile_id` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `booking_submissions_checked_in_at_idx` ON `booking_submissions` (`checked_in_at`) WHERE `checked_in_at` IS NOT NULL;
--> statement-breakpoint
CREATE TRIGGER `booking_submissions_pending_caps`
BEFORE INSERT ON `booking_submissions`
WHEN NEW.`status` = 'pending' AND NEW.`created_by_staff_id` IS NULL
BEGIN
  SELECT RAISE(ABORT, 'pending_cap_phone')
  WHERE (SELECT count(*) FROM `booking_submissions`
         WHERE `status` = 'pending' AND `phone_number` = NEW.`phone_number` AND `created_by_staff_id` IS NULL) >= 3;
  SELECT RAISE(ABORT, 'pending_cap_address')
  WHERE NEW.`client_hash` IS NOT NULL
    AND (SELECT count(*) FROM `booking_submissions`
         WHERE `status` = 'pending' AND `client_hash` = NEW.`client_hash` AND `created_by_staff_id` IS NULL) >= 20;
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_version_insert` AFTER INSERT ON `booking_submissions`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'bookings'; END;
--> statement-breakpoint
CREATE TRIGGER `bookings_version_update` AFTER UPDATE ON `booking_submissions`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'bookings'; END;
--> statement-breakpoint
CREATE TRIGGER `bookings_version_delete` AFTER DELETE ON `booking_submissions`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'bookings'; END;
--> statement-breakpoint
CREATE TRIGGER `staff_alert_booking` AFTER INSERT ON `booking_submissions`
WHEN NEW.`created_by_staff_id` IS NULL
BEGIN
  INSERT INTO `staff_alerts` (`kind`, `booking_id`)
  VALUES (CASE WHEN NEW.`is_points_booking` THEN 'free_night' ELSE 'booking_request' END, NEW.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `booking_room_nights_release_cancelled` AFTER UPDATE OF `status` ON `booking_submissions`
WHEN NEW.`status` = 'cancelled' AND OLD.`status` <> 'cancelled'
BEGIN
  DELETE FROM `room_nights` WHERE `booking_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `booking_search_insert` AFTER INSERT ON `booking_submissions` BEGIN
	INSERT INTO `booking_search` (rowid, `reference`, `full_name`, `phone`, `email`, `id_number`)
	VALUES (new.id, new.reference, new.full_name, (select case when length(p) = 11 and substr(p, 1, 3) = '968' then substr(p, 4) else p end from (select case when substr(d, 1, 2) = '00' then substr(d, 3) else d end as p from (select replace(replace(replace(replace(replace(replace(new.phone_number, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', '') as d))), trim(coalesce(new.user_email, '') || ' ' || coalesce(new.email, '')), new.id_number);
END;
--> statement-breakpoint
CREATE TRIGGER `booking_search_update` AFTER UPDATE OF `reference`, `full_name`, `phone_number`, `user_email`, `email`, `id_number` ON `booking_submissions` BEGIN
	DELETE FROM `booking_search` WHERE rowid = old.id;
	INSERT INTO `booking_search` (rowid, `reference`, `full_name`, `phone`, `email`, `id_number`)
	VALUES (new.id, new.reference, new.full_name, (select case when length(p) = 11 and substr(p, 1, 3) = '968' then substr(p, 4) else p end from (select case when substr(d, 1, 2) = '00' then substr(d, 3) else d end as p from (select replace(replace(replace(replace(replace(replace(new.phone_number, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', '') as d))), trim(coalesce(new.user_email, '') || ' ' || coalesce(new.email, '')), new.id_number);
END;
--> statement-breakpoint
CREATE TRIGGER `booking_search_delete` AFTER DELETE ON `booking_submissions` BEGIN
	DELETE FROM `booking_search` WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `stay_in_house_not_cancelled` BEFORE UPDATE OF `status`, `checked_in_at` ON `booking_submissions`
WHEN NEW.`status` = 'cancelled' AND NEW.`checked_in_at` IS NOT NULL
BEGIN
  SELECT RAISE(ABORT, 'stay_in_house');
END;
--> statement-breakpoint
CREATE TRIGGER `stay_in_house_completed_by_check_out` BEFORE UPDATE OF `status`, `checked_in_at`, `checked_out_at` ON `booking_submissions`
WHEN NEW.`status` = 'completed' AND NEW.`checked_in_at` IS NOT NULL AND NEW.`checked_out_at` IS NULL
BEGIN
  SELECT RAISE(ABORT, 'stay_in_house');
END;
--> statement-breakpoint
CREATE TRIGGER `stay_check_in_status` BEFORE UPDATE OF `status`, `checked_in_at`, `checked_out_at` ON `booking_submissions`
WHEN (NEW.`checked_in_at` IS NOT NULL AND NEW.`status` NOT IN ('approved', 'confirmed', 'completed'))
  OR (NEW.`checked_out_at` IS NOT NULL AND (NEW.`checked_in_at` IS NULL OR NEW.`status` <> 'completed'))
BEGIN
  SELECT RAISE(ABORT, 'stay_state_invalid');
END;
--> statement-breakpoint
CREATE TRIGGER `stay_state_on_insert` BEFORE INSERT ON `booking_submissions`
WHEN (NEW.`checked_in_at` IS NOT NULL AND NEW.`status` NOT IN ('approved', 'confirmed', 'completed'))
  OR (NEW.`checked_out_at` IS NOT NULL AND (NEW.`checked_in_at` IS NULL OR NEW.`status` <> 'completed'))
  OR (NEW.`status` = 'completed' AND NEW.`checked_in_at` IS NOT NULL AND NEW.`checked_out_at` IS NULL)
BEGIN
  SELECT RAISE(ABORT, 'stay_state_invalid');
END;
--> statement-breakpoint
CREATE TRIGGER `booking_room_nights_release_moved` AFTER UPDATE OF `check_in_date`, `check_out_date` ON `booking_submissions`
WHEN (OLD.`check_in_date` <> NEW.`check_in_date` OR OLD.`check_out_date` <> NEW.`check_out_date`)
  AND NEW.`checked_in_at` IS NULL
BEGIN
  DELETE FROM `room_nights` WHERE `booking_id` = NEW.`id`;
  UPDATE `booking_submissions` SET `room_id` = NULL WHERE `id` = NEW.`id` AND `room_id` IS NOT NULL;
END;
--> statement-breakpoint
CREATE TRIGGER `guest_profile_last_stay` AFTER UPDATE OF `profile_id`, `check_out_date` ON `booking_submissions`
WHEN NEW.`profile_id` IS NOT NULL
BEGIN
  UPDATE `guest_profiles` SET `last_stay_date` = max(coalesce(`last_stay_date`, ''), NEW.`check_out_date`)
  WHERE `id` = NEW.`profile_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `booking_reopen_state` BEFORE UPDATE OF `status` ON `booking_submissions`
WHEN OLD.`status` IN ('completed', 'cancelled') AND NEW.`status` NOT IN ('completed', 'cancelled')
  AND (NEW.`status` NOT IN ('approved', 'confirmed')
    OR (OLD.`status` = 'completed'
      AND (OLD.`checked_out_at` IS NULL OR NEW.`checked_in_at` IS NULL OR NEW.`checked_out_at` IS NOT NULL))
    OR (OLD.`status` = 'cancelled' AND NEW.`checked_in_at` IS NOT NULL))
BEGIN
  SELECT RAISE(ABORT, 'stay_state_invalid');
END;
--> statement-breakpoint
CREATE TRIGGER `booking_reopen_holds_nights` AFTER UPDATE OF `status` ON `booking_submissions`
WHEN OLD.`status` IN ('completed', 'cancelled') AND NEW.`status` IN ('approved', 'confirmed')
  AND (SELECT count(*) FROM `booking_nights` WHERE `booking_id` = NEW.`id`)
    <> cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer)
BEGIN
  SELECT RAISE(ABORT, 'reopened_without_holds');
END;
--> statement-breakpoint
CREATE TRIGGER `guest_profile_attach` AFTER INSERT ON `booking_submissions`
WHEN NEW.`profile_id` IS NULL
BEGIN
  INSERT INTO `guest_profiles` (`user_id`, `full_name`, `phone`, `email`, `name_key`, `email_key`)
  SELECT a.`user_id`, NEW.`full_name`, NEW.`phone_number`, a.`email`,
    replace(replace(replace(replace(replace(replace(lower(trim(NEW.`full_name`)), 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ٱ', 'ا'), 'ة', 'ه'), 'ى', 'ي'),
    lower(trim(a.`email`))
  FROM (SELECT
      CASE WHEN (SELECT u.`role` FROM `users` u WHERE u.`id` = NEW.`user_id`) = 'guest' THEN NEW.`user_id` END AS `user_id`,
      CASE WHEN (SELECT u.`role` FROM `users` u WHERE u.`id` = NEW.`user_id`) = 'guest'
        THEN coalesce(NEW.`user_email`, NEW.`email`) ELSE NEW.`email` END AS `email`) a
  WHERE true
  ON CONFLICT DO NOTHING;
  UPDATE `booking_submissions` SET `profile_id` = CASE
    WHEN (SELECT u.`role` FROM `users` u WHERE u.`id` = NEW.`user_id`) = 'guest'
      THEN (SELECT p.`id` FROM `guest_profiles` p WHERE p.`user_id` = NEW.`user_id`)
    ELSE (SELECT p.`id` FROM `guest_profiles` p WHERE p.`user_id` IS NULL AND p.`phone` = NEW.`phone_number`) END
  WHERE `id` = NEW.`id`;
END;
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
