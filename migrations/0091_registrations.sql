-- What the hotel owes the authorities (docs/decisions/093-police-registration-and-tourism-return.md).
--
-- 1. Each stay's police registration and its state. `state` is what was done with it: `due`
--    (checked in, not reported), `sent` (reported: when and by whom), `failed` (the police's
--    system refused it: the reason), `corrected` (its data changed after it was sent: due again).
--    `incomplete` is not stored: it is a due or corrected registration whose data misses a field
--    the police need, read from the data as it is (modules/guests registrations.ts), so it can
--    never disagree with it. `due_date` is the hotel day (Asia/Muscat, UTC+4 all year) the
--    registration became due: the day of the check-in, or of the change after it was sent; the
--    day's file holds those, and any still not sent from before.
--
--    Triggers keep it in step in the same transaction as the change, whichever request makes it
--    (the desk's check-in, a room move, a change of dates, the desk or the guest completing the
--    profile, a merge of profiles): a check-in makes it due; a change of what the police were
--    told makes a sent one corrected (due again that day) and a failed one due.
CREATE TABLE `stay_registrations` (
  `booking_id` integer PRIMARY KEY NOT NULL REFERENCES `booking_submissions`(`id`) ON DELETE CASCADE,
  `state` text DEFAULT 'due' NOT NULL,
  `due_date` text NOT NULL,
  `sent_at` integer,
  `sent_by` integer REFERENCES `users`(`id`) ON DELETE SET NULL,
  `failed_reason` text,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "stay_registrations_state_check" CHECK (`state` IN ('due', 'sent', 'failed', 'corrected'))
);
--> statement-breakpoint
-- The day's list: the registrations due that day, and those not sent from before (few: the
-- partial index holds only what is not sent, so it does not grow with history).
CREATE INDEX `stay_registrations_due_date_idx` ON `stay_registrations` (`due_date`);
--> statement-breakpoint
CREATE INDEX `stay_registrations_unsent_idx` ON `stay_registrations` (`due_date`) WHERE `state` <> 'sent';
--> statement-breakpoint
CREATE INDEX `stay_registrations_sent_by_idx` ON `stay_registrations` (`sent_by`) WHERE `sent_by` IS NOT NULL;
--> statement-breakpoint
CREATE TRIGGER `stay_registration_check_in` AFTER UPDATE OF `checked_in_at` ON `booking_submissions`
WHEN NEW.`checked_in_at` IS NOT NULL AND OLD.`checked_in_at` IS NULL
BEGIN
  INSERT INTO `stay_registrations` (`booking_id`, `state`, `due_date`)
  VALUES (NEW.`id`, 'due', date(NEW.`checked_in_at` / 1000 + 14400, 'unixepoch'))
  ON CONFLICT (`booking_id`) DO UPDATE SET
    `state` = CASE WHEN `state` = 'sent' THEN 'corrected' ELSE 'due' END,
    `due_date` = excluded.`due_date`,
    `failed_reason` = NULL,
    `updated_at` = cast(unixepoch('subsec') * 1000 as integer);
END;
--> statement-breakpoint
-- A stay written already checked in (a walk-in the desk books and checks in at once).
CREATE TRIGGER `stay_registration_checked_in_insert` AFTER INSERT ON `booking_submissions`
WHEN NEW.`checked_in_at` IS NOT NULL
BEGIN
  INSERT INTO `stay_registrations` (`booking_id`, `state`, `due_date`)
  VALUES (NEW.`id`, 'due', date(NEW.`checked_in_at` / 1000 + 14400, 'unixepoch'))
  ON CONFLICT (`booking_id`) DO NOTHING;
END;
--> statement-breakpoint
CREATE TRIGGER `stay_registration_stay_changed` AFTER UPDATE OF `full_name`, `id_number`, `room_id`, `check_in_date`, `check_out_date`, `number_of_guests`, `adults`, `profile_id` ON `booking_submissions`
WHEN NEW.`checked_in_at` IS NOT NULL AND OLD.`checked_in_at` IS NOT NULL AND (
  NEW.`full_name` IS NOT OLD.`full_name` OR NEW.`id_number` IS NOT OLD.`id_number`
  OR NEW.`room_id` IS NOT OLD.`room_id` OR NEW.`check_in_date` IS NOT OLD.`check_in_date`
  OR NEW.`check_out_date` IS NOT OLD.`check_out_date` OR NEW.`number_of_guests` IS NOT OLD.`number_of_guests`
  OR NEW.`adults` IS NOT OLD.`adults` OR NEW.`profile_id` IS NOT OLD.`profile_id`)
BEGIN
  UPDATE `stay_registrations` SET
    `state` = CASE `state` WHEN 'sent' THEN 'corrected' WHEN 'failed' THEN 'due' ELSE `state` END,
    `due_date` = CASE WHEN `state` = 'sent' THEN date('now', '+4 hours') ELSE `due_date` END,
    `updated_at` = cast(unixepoch('subsec') * 1000 as integer)
  WHERE `booking_id` = NEW.`id` AND `state` IN ('sent', 'failed');
END;
--> statement-breakpoint
-- A profile's registration data changed: the stays in house under it (a departed guest's data
-- cleared by the retention is no correction).
CREATE TRIGGER `stay_registration_profile_changed` AFTER UPDATE OF `nationality`, `date_of_birth`, `document_type`, `document_number` ON `guest_profiles`
WHEN NEW.`nationality` IS NOT OLD.`nationality` OR NEW.`date_of_birth` IS NOT OLD.`date_of_birth`
  OR NEW.`document_type` IS NOT OLD.`document_type` OR NEW.`document_number` IS NOT OLD.`document_number`
BEGIN
  UPDATE `stay_registrations` SET
    `state` = CASE `state` WHEN 'sent' THEN 'corrected' ELSE 'due' END,
    `due_date` = CASE WHEN `state` = 'sent' THEN date('now', '+4 hours') ELSE `due_date` END,
    `updated_at` = cast(unixepoch('subsec') * 1000 as integer)
  WHERE `state` IN ('sent', 'failed') AND `booking_id` IN (
    SELECT b.`id` FROM `booking_submissions` b
    WHERE b.`profile_id` = NEW.`id` AND b.`checked_in_at` IS NOT NULL AND b.`checked_out_at` IS NULL);
END;
--> statement-breakpoint
-- The stays in house when this migration runs are due (their registration was never recorded).
INSERT INTO `stay_registrations` (`booking_id`, `state`, `due_date`)
SELECT `id`, 'due', date(`checked_in_at` / 1000 + 14400, 'unixepoch') FROM `booking_submissions`
WHERE `checked_in_at` IS NOT NULL AND `checked_out_at` IS NULL;
--> statement-breakpoint
-- 2. The guest nights each day close stored per stay, with the guest's nationality and the stay's
--    segment as they were at the close: the monthly tourism return is read from these and from
--    the closes' reports, so a closed month never changes. One row per stay with a room night
--    posted that business day: `rooms` its room nights posted that day (their sum is the close's
--    rooms sold), `guest_nights` those nights times the stay's guests, `arrivals` its guests when
--    its first night is among them. `nationality` '' when the profile had none.
CREATE TABLE `day_close_guest_nights` (
  `close_date` text NOT NULL,
  `booking_id` integer NOT NULL,
  `nationality` text DEFAULT '' NOT NULL,
  `segment` text DEFAULT '' NOT NULL,
  `rooms` integer NOT NULL,
  `guest_nights` integer NOT NULL,
  `arrivals` integer DEFAULT 0 NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  PRIMARY KEY (`close_date`, `booking_id`),
  CONSTRAINT "day_close_guest_nights_counts_check" CHECK (`rooms` >= 0 AND `guest_nights` >= 0 AND `arrivals` >= 0)
);
--> statement-breakpoint
CREATE INDEX `day_close_guest_nights_booking_idx` ON `day_close_guest_nights` (`booking_id`);
--> statement-breakpoint
-- The days closed before this migration: their room nights are posted and never change, so they
-- are counted here once from those lines, with the nationality the profiles hold now (the
-- nearest to the close that is kept) and the stay's segment.
INSERT INTO `day_close_guest_nights` (`close_date`, `booking_id`, `nationality`, `segment`, `rooms`, `guest_nights`, `arrivals`)
SELECT l.`business_date`, l.`booking_id`, coalesce(p.`nationality`, ''),
  coalesce(b.`segment`, ''), count(*), count(*) * b.`number_of_guests`,
  max(CASE WHEN l.`night` = b.`check_in_date` THEN b.`number_of_guests` ELSE 0 END)
FROM `folio_lines` l
JOIN `day_closes` d ON d.`date` = l.`business_date`
JOIN `booking_submissions` b ON b.`id` = l.`booking_id`
LEFT JOIN `guest_profiles` p ON p.`id` = b.`profile_id`
WHERE l.`kind` = 'charge' AND l.`night` IS NOT NULL
GROUP BY l.`business_date`, l.`booking_id`;
--> statement-breakpoint
-- A nationality the desk completes while the stay's month is still open (a day of it not yet
-- closed) fills the stored guest nights that lacked it, so the return counts them in their group;
-- once the month's last day is closed, nothing changes its return.
CREATE TRIGGER `day_close_guest_nights_nationality` AFTER UPDATE OF `nationality` ON `guest_profiles`
WHEN NEW.`nationality` IS NOT NULL AND OLD.`nationality` IS NULL
BEGIN
  UPDATE `day_close_guest_nights` SET `nationality` = NEW.`nationality`,
    `updated_at` = cast(unixepoch('subsec') * 1000 as integer)
  WHERE `nationality` = ''
    AND `close_date` >= date((SELECT max(`date`) FROM `day_closes`), '+1 day', 'start of month')
    AND `booking_id` IN (SELECT b.`id` FROM `booking_submissions` b WHERE b.`profile_id` = NEW.`id`);
END;
