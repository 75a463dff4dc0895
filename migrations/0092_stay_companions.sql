-- The other adults of a stay (docs/decisions/093, "Every adult in the room"): the police want
-- each adult's name, nationality, document and date of birth, and the tourism return counts each
-- guest by their own nationality. The lead guest's identity stays on their profile; the others
-- are recorded per stay here by the desk (front desk and above), and go with the lead guest's
-- data (export, erasure) and their retention (cleared with the registration data).
CREATE TABLE `stay_companions` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `booking_id` integer NOT NULL REFERENCES `booking_submissions`(`id`) ON DELETE CASCADE,
  `full_name` text NOT NULL,
  `nationality` text,
  `document_type` text,
  `document_number` text,
  `date_of_birth` text,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "stay_companions_document_type_check" CHECK (`document_type` IS NULL OR `document_type` IN ('passport', 'national_id', 'resident_card'))
);
--> statement-breakpoint
CREATE INDEX `stay_companions_booking_idx` ON `stay_companions` (`booking_id`);
--> statement-breakpoint
-- A companion added, changed or removed while the stay is in house changes what the police were
-- told: a sent registration is corrected (due again that day), a failed one due (the same rule as
-- a change of the stay or of the lead guest's profile, migration 0091). The retention's clearing
-- of a departed stay's companions is no correction (the stay is not in house).
CREATE TRIGGER `stay_registration_companion_added` AFTER INSERT ON `stay_companions`
BEGIN
  UPDATE `stay_registrations` SET
    `state` = CASE `state` WHEN 'sent' THEN 'corrected' ELSE 'due' END,
    `due_date` = CASE WHEN `state` = 'sent' THEN date('now', '+4 hours') ELSE `due_date` END,
    `updated_at` = cast(unixepoch('subsec') * 1000 as integer)
  WHERE `booking_id` = NEW.`booking_id` AND `state` IN ('sent', 'failed') AND EXISTS (
    SELECT 1 FROM `booking_submissions` b WHERE b.`id` = NEW.`booking_id`
      AND b.`checked_in_at` IS NOT NULL AND b.`checked_out_at` IS NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `stay_registration_companion_changed` AFTER UPDATE OF `full_name`, `nationality`, `document_type`, `document_number`, `date_of_birth` ON `stay_companions`
WHEN NEW.`full_name` IS NOT OLD.`full_name` OR NEW.`nationality` IS NOT OLD.`nationality`
  OR NEW.`document_type` IS NOT OLD.`document_type` OR NEW.`document_number` IS NOT OLD.`document_number`
  OR NEW.`date_of_birth` IS NOT OLD.`date_of_birth`
BEGIN
  UPDATE `stay_registrations` SET
    `state` = CASE `state` WHEN 'sent' THEN 'corrected' ELSE 'due' END,
    `due_date` = CASE WHEN `state` = 'sent' THEN date('now', '+4 hours') ELSE `due_date` END,
    `updated_at` = cast(unixepoch('subsec') * 1000 as integer)
  WHERE `booking_id` = NEW.`booking_id` AND `state` IN ('sent', 'failed') AND EXISTS (
    SELECT 1 FROM `booking_submissions` b WHERE b.`id` = NEW.`booking_id`
      AND b.`checked_in_at` IS NOT NULL AND b.`checked_out_at` IS NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `stay_registration_companion_removed` AFTER DELETE ON `stay_companions`
BEGIN
  UPDATE `stay_registrations` SET
    `state` = CASE `state` WHEN 'sent' THEN 'corrected' ELSE 'due' END,
    `due_date` = CASE WHEN `state` = 'sent' THEN date('now', '+4 hours') ELSE `due_date` END,
    `updated_at` = cast(unixepoch('subsec') * 1000 as integer)
  WHERE `booking_id` = OLD.`booking_id` AND `state` IN ('sent', 'failed') AND EXISTS (
    SELECT 1 FROM `booking_submissions` b WHERE b.`id` = OLD.`booking_id`
      AND b.`checked_in_at` IS NOT NULL AND b.`checked_out_at` IS NULL);
END;
--> statement-breakpoint
-- The tourism return counts each guest under their own nationality. From this migration on, each
-- day close stores, beside its row per stay (day_close_guest_nights: the lead guest and the guests
-- not recorded, under the lead guest's nationality), one row per stay and companion nationality:
-- that stay's room nights posted that day times its companions of that nationality ('' unknown),
-- and those companions as arrivals when its first night is among them. Days closed before keep
-- all their guests under the lead guest's nationality (nothing recorded the others then).
CREATE TABLE `day_close_companion_nights` (
  `close_date` text NOT NULL,
  `booking_id` integer NOT NULL,
  `nationality` text DEFAULT '' NOT NULL,
  `guest_nights` integer NOT NULL,
  `arrivals` integer DEFAULT 0 NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  PRIMARY KEY (`close_date`, `booking_id`, `nationality`),
  CONSTRAINT "day_close_companion_nights_counts_check" CHECK (`guest_nights` >= 0 AND `arrivals` >= 0)
);
--> statement-breakpoint
CREATE INDEX `day_close_companion_nights_booking_idx` ON `day_close_companion_nights` (`booking_id`);
