-- Guest profiles: one per guest across stays (modules/guests). A booking made from an account
-- belongs to that account's profile; one made without an account to the profile of its phone
-- (a profile without an account, one per phone). The trigger below attaches (and if need be
-- creates) the profile in the statement that inserts the booking, so every way of booking
-- (the form, the desk, the assistant, the free night, the seed) does it in its own batch.
--
-- The search keys are the columns searched by prefix (shared/src/guest-profile-schemas.ts
-- `nameKey`, `emailKey`, `documentKey` are the same rules in code): Latin letters lower-cased, the
-- Arabic alef forms, taa marbuta and alef maqsura folded, document numbers without spaces or dashes.
CREATE TABLE `guest_profiles` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `user_id` integer REFERENCES `users`(`id`) ON DELETE CASCADE,
  `full_name` text NOT NULL,
  `phone` text NOT NULL,
  `email` text,
  `name_key` text NOT NULL,
  `email_key` text,
  `nationality` text CHECK (`nationality` IS NULL OR (length(`nationality`) = 2 AND `nationality` = upper(`nationality`))),
  `date_of_birth` text,
  `document_type` text CHECK (`document_type` IS NULL OR `document_type` IN ('passport', 'national_id', 'resident_card')),
  `document_number` text,
  `document_key` text,
  `document_expiry` text,
  `preferences` text,
  `notes` text,
  `vip` integer DEFAULT 0 NOT NULL CHECK (`vip` IN (0, 1)),
  `do_not_rent` integer DEFAULT 0 NOT NULL CHECK (`do_not_rent` IN (0, 1)),
  -- The latest departure of its stays: registration data is kept a period after it.
  `last_stay_date` text,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
CREATE UNIQUE INDEX `guest_profiles_user_id_idx` ON `guest_profiles` (`user_id`) WHERE `user_id` IS NOT NULL;
CREATE UNIQUE INDEX `guest_profiles_phone_no_account_idx` ON `guest_profiles` (`phone`) WHERE `user_id` IS NULL;
CREATE INDEX `guest_profiles_name_key_idx` ON `guest_profiles` (`name_key`);
CREATE INDEX `guest_profiles_phone_idx` ON `guest_profiles` (`phone`);
CREATE INDEX `guest_profiles_email_key_idx` ON `guest_profiles` (`email_key`) WHERE `email_key` IS NOT NULL;
CREATE INDEX `guest_profiles_document_key_idx` ON `guest_profiles` (`document_key`) WHERE `document_key` IS NOT NULL;
-- The registration retention's work list: profiles still holding registration data, by last stay.
CREATE INDEX `guest_profiles_registration_retention_idx` ON `guest_profiles` (`last_stay_date`)
  WHERE `nationality` IS NOT NULL OR `date_of_birth` IS NOT NULL OR `document_number` IS NOT NULL;

ALTER TABLE `booking_submissions` ADD COLUMN `profile_id` integer REFERENCES `guest_profiles`(`id`) ON DELETE SET NULL;
CREATE INDEX `booking_submissions_profile_id_idx` ON `booking_submissions` (`profile_id`) WHERE `profile_id` IS NOT NULL;
-- The registration list of a day: the stays checked in that day.
CREATE INDEX `booking_submissions_checked_in_at_idx` ON `booking_submissions` (`checked_in_at`) WHERE `checked_in_at` IS NOT NULL;

-- Backfill: one profile per account that booked, then one per phone of bookings made without one
-- (the newest booking's name and address), then every booking linked.
INSERT INTO `guest_profiles` (`user_id`, `full_name`, `phone`, `email`, `name_key`, `email_key`, `last_stay_date`)
SELECT b.`user_id`, b.`full_name`, b.`phone_number`, coalesce(b.`user_email`, b.`email`),
  replace(replace(replace(replace(replace(replace(lower(trim(b.`full_name`)), 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ٱ', 'ا'), 'ة', 'ه'), 'ى', 'ي'),
  lower(trim(coalesce(b.`user_email`, b.`email`))),
  (SELECT max(o.`check_out_date`) FROM `booking_submissions` o WHERE o.`user_id` = b.`user_id`)
FROM `booking_submissions` b
WHERE b.`user_id` IS NOT NULL
  AND b.`id` = (SELECT max(n.`id`) FROM `booking_submissions` n WHERE n.`user_id` = b.`user_id`);
INSERT INTO `guest_profiles` (`user_id`, `full_name`, `phone`, `email`, `name_key`, `email_key`, `last_stay_date`)
SELECT NULL, b.`full_name`, b.`phone_number`, coalesce(b.`user_email`, b.`email`),
  replace(replace(replace(replace(replace(replace(lower(trim(b.`full_name`)), 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ٱ', 'ا'), 'ة', 'ه'), 'ى', 'ي'),
  lower(trim(coalesce(b.`user_email`, b.`email`))),
  (SELECT max(o.`check_out_date`) FROM `booking_submissions` o WHERE o.`user_id` IS NULL AND o.`phone_number` = b.`phone_number`)
FROM `booking_submissions` b
WHERE b.`user_id` IS NULL
  AND b.`id` = (SELECT max(n.`id`) FROM `booking_submissions` n WHERE n.`user_id` IS NULL AND n.`phone_number` = b.`phone_number`);
UPDATE `booking_submissions` SET `profile_id` = CASE
  WHEN `user_id` IS NOT NULL THEN (SELECT p.`id` FROM `guest_profiles` p WHERE p.`user_id` = `booking_submissions`.`user_id`)
  ELSE (SELECT p.`id` FROM `guest_profiles` p WHERE p.`user_id` IS NULL AND p.`phone` = `booking_submissions`.`phone_number`) END;

-- A new booking joins its guest's profile (created from the booking if there is none yet).
CREATE TRIGGER `guest_profile_attach` AFTER INSERT ON `booking_submissions`
WHEN NEW.`profile_id` IS NULL
BEGIN
  INSERT INTO `guest_profiles` (`user_id`, `full_name`, `phone`, `email`, `name_key`, `email_key`)
  VALUES (NEW.`user_id`, NEW.`full_name`, NEW.`phone_number`, coalesce(NEW.`user_email`, NEW.`email`),
    replace(replace(replace(replace(replace(replace(lower(trim(NEW.`full_name`)), 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ٱ', 'ا'), 'ة', 'ه'), 'ى', 'ي'),
    lower(trim(coalesce(NEW.`user_email`, NEW.`email`))))
  ON CONFLICT DO NOTHING;
  UPDATE `booking_submissions` SET `profile_id` = CASE
    WHEN NEW.`user_id` IS NOT NULL THEN (SELECT p.`id` FROM `guest_profiles` p WHERE p.`user_id` = NEW.`user_id`)
    ELSE (SELECT p.`id` FROM `guest_profiles` p WHERE p.`user_id` IS NULL AND p.`phone` = NEW.`phone_number`) END
  WHERE `id` = NEW.`id`;
END;

-- The profile's latest departure follows its stays (a new stay, a changed departure, a merge).
CREATE TRIGGER `guest_profile_last_stay` AFTER UPDATE OF `profile_id`, `check_out_date` ON `booking_submissions`
WHEN NEW.`profile_id` IS NOT NULL
BEGIN
  UPDATE `guest_profiles` SET `last_stay_date` = max(coalesce(`last_stay_date`, ''), NEW.`check_out_date`)
  WHERE `id` = NEW.`profile_id`;
END;
