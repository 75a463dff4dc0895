-- A booking a member of staff makes on the guest's form while signed in belongs to the staff
-- account (it always has), but the guest it is for is not that member of staff: such a booking
-- joins the profile of its phone, as a booking without an account does, and never gives the staff
-- member's e-mail to the profile. Only a guest account's bookings join the account's profile.
DROP TRIGGER `guest_profile_attach`;--> statement-breakpoint
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
END;--> statement-breakpoint
-- The bookings staff made so far move to their phones' profiles (made from the newest booking of
-- each phone when there is none), and a staff account's profile left without stays is removed.
INSERT INTO `guest_profiles` (`user_id`, `full_name`, `phone`, `email`, `name_key`, `email_key`)
SELECT NULL, b.`full_name`, b.`phone_number`, b.`email`,
  replace(replace(replace(replace(replace(replace(lower(trim(b.`full_name`)), 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ٱ', 'ا'), 'ة', 'ه'), 'ى', 'ي'),
  lower(trim(b.`email`))
FROM `booking_submissions` b
WHERE b.`user_id` IN (SELECT u.`id` FROM `users` u WHERE u.`role` <> 'guest')
  AND b.`id` = (SELECT max(n.`id`) FROM `booking_submissions` n
    WHERE n.`phone_number` = b.`phone_number` AND n.`user_id` IN (SELECT u.`id` FROM `users` u WHERE u.`role` <> 'guest'))
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE `booking_submissions` SET `profile_id` =
  (SELECT p.`id` FROM `guest_profiles` p WHERE p.`user_id` IS NULL AND p.`phone` = `booking_submissions`.`phone_number`)
WHERE `user_id` IN (SELECT u.`id` FROM `users` u WHERE u.`role` <> 'guest');--> statement-breakpoint
DELETE FROM `guest_profiles`
WHERE `user_id` IN (SELECT u.`id` FROM `users` u WHERE u.`role` <> 'guest')
  AND NOT EXISTS (SELECT 1 FROM `booking_submissions` b WHERE b.`profile_id` = `guest_profiles`.`id`);
