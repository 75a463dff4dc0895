-- Issue 10 (security hardening).
--
-- Notifications belong to an account: a guest reads those about their own bookings
-- and the entries they made while signed in, never by phone match alone.
ALTER TABLE `notifications` ADD `user_id` integer REFERENCES `users`(`id`) ON DELETE cascade;--> statement-breakpoint
ALTER TABLE `notifications` ADD `booking_id` integer;--> statement-breakpoint
ALTER TABLE `notifications` ADD `entry_type` text;--> statement-breakpoint
ALTER TABLE `notifications` ADD `entry_id` integer;--> statement-breakpoint
CREATE INDEX `notifications_user_id_idx` ON `notifications` (`user_id`,`created_at`);--> statement-breakpoint
-- Prize-draw entries remember the account that made them (null when signed out).
ALTER TABLE `photography_submissions` ADD `user_id` integer REFERENCES `users`(`id`) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `google_review_submissions` ADD `user_id` integer REFERENCES `users`(`id`) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `location_sharing_submissions` ADD `user_id` integer REFERENCES `users`(`id`) ON DELETE set null;--> statement-breakpoint
-- Who asked: a desk booking names the member of staff; a guest request keeps a hash of
-- the client address (never the address itself) so pending requests can be capped.
ALTER TABLE `booking_submissions` ADD `created_by_staff_id` integer REFERENCES `users`(`id`) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `booking_submissions` ADD `client_hash` text;--> statement-breakpoint
CREATE INDEX `booking_submissions_pending_phone_idx` ON `booking_submissions` (`phone_number`) WHERE `status` = 'pending';--> statement-breakpoint
CREATE INDEX `booking_submissions_pending_client_idx` ON `booking_submissions` (`client_hash`) WHERE `status` = 'pending';--> statement-breakpoint
-- Pending requests hold rooms, so the database caps them (shared/src/constants.ts
-- PENDING_CAPS must say the same numbers; worker/test/bookings.test.ts checks both):
-- 3 pending per phone, 20 per client address (a hotel's guests share one address).
-- Desk bookings made by staff are not capped. Inside the booking's batch, so racing
-- requests cannot pass the cap together.
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
