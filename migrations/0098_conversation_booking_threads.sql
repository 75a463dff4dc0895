-- Why this change: a typed phone proves nothing. Bookings made without an account that
-- share a typed phone share one guest profile, and the booking page's chat was keyed by it: whoever
-- booked with another guest's phone read and wrote that guest's chat. A thread of a guest without
-- an account (or of a booking opened by its link or reference rather than by its signed-in
-- account) is now its booking's (`booking_id`, unique where set); the profile and phone keys stay
-- for WhatsApp (a phone that writes proves itself) and the desk's links. A booking's thread keeps
-- the booking's profile for the desk (its stays beside the thread), so the profile's unique key
-- leaves booking threads out, and it holds no phone (WhatsApp never lands on it).
ALTER TABLE `conversation_threads` ADD `booking_id` integer;
--> statement-breakpoint
CREATE UNIQUE INDEX `conversation_threads_booking_id_idx` ON `conversation_threads` (`booking_id`) WHERE `booking_id` IS NOT NULL;
--> statement-breakpoint
DROP INDEX `conversation_threads_profile_id_idx`;
--> statement-breakpoint
CREATE UNIQUE INDEX `conversation_threads_profile_id_idx` ON `conversation_threads` (`profile_id`) WHERE `profile_id` IS NOT NULL AND `booking_id` IS NULL;
--> statement-breakpoint
DROP INDEX `conversation_threads_phone_only_idx`;
--> statement-breakpoint
CREATE UNIQUE INDEX `conversation_threads_phone_only_idx` ON `conversation_threads` (`phone`) WHERE `user_id` IS NULL AND `profile_id` IS NULL AND `booking_id` IS NULL;
--> statement-breakpoint
-- A thread of a profile without an account whose guest wrote only from one booking's page (in the
-- app, never on WhatsApp) was that booking's all along: it becomes its booking's thread, its
-- history kept for the guest who holds the link. A thread written from two bookings' pages (two
-- people who typed one phone) stays the profile's: the desk reads it, no guest does any more.
UPDATE `conversation_threads` SET
  `booking_id` = (SELECT max(m.`booking_id`) FROM `conversation_messages` m
    WHERE m.`thread_id` = `conversation_threads`.`id` AND m.`direction` = 'in'),
  `phone` = NULL
WHERE `user_id` IS NULL AND `profile_id` IS NOT NULL AND `booking_id` IS NULL
  AND NOT EXISTS (SELECT 1 FROM `conversation_messages` m
    WHERE m.`thread_id` = `conversation_threads`.`id` AND (m.`channel` <> 'app'
      OR (m.`direction` = 'in' AND m.`booking_id` IS NULL)))
  AND (SELECT count(DISTINCT m.`booking_id`) FROM `conversation_messages` m
    WHERE m.`thread_id` = `conversation_threads`.`id` AND m.`direction` = 'in') = 1;
