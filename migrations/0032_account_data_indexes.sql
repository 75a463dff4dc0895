-- Issue 30 section 6 (docs/decisions/043-a-guests-own-data.md): a guest's export and erasure find
-- the account's rows by index, as every routine call does (docs/decisions/026): its prize-draw
-- entries and assistant conversations by account, the e-mails to its address by recipient.
CREATE INDEX `photography_submissions_user_id_idx` ON `photography_submissions` (`user_id`) WHERE `user_id` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `google_review_submissions_user_id_idx` ON `google_review_submissions` (`user_id`) WHERE `user_id` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `location_sharing_submissions_user_id_idx` ON `location_sharing_submissions` (`user_id`) WHERE `user_id` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `chat_booking_sessions_user_id_idx` ON `chat_booking_sessions` (`user_id`) WHERE `user_id` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `email_outbox_recipient_idx` ON `email_outbox` (`recipient`);
--> statement-breakpoint
-- Deleting an account row makes the database look up every column that refers to it (the
-- foreign keys' ON DELETE SET NULL): without these, each lookup read the whole table. Only rows
-- that name a member of staff carry them (a guest's own rows have them null).
CREATE INDEX `booking_submissions_created_by_staff_id_idx` ON `booking_submissions` (`created_by_staff_id`) WHERE `created_by_staff_id` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `reviews_decided_by_user_id_idx` ON `reviews` (`decided_by_user_id`) WHERE `decided_by_user_id` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `photography_submissions_decided_by_user_id_idx` ON `photography_submissions` (`decided_by_user_id`) WHERE `decided_by_user_id` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `google_review_submissions_decided_by_user_id_idx` ON `google_review_submissions` (`decided_by_user_id`) WHERE `decided_by_user_id` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `audit_log_actor_user_id_idx` ON `audit_log` (`actor_user_id`) WHERE `actor_user_id` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `vip_beneficiaries_created_by_user_id_idx` ON `vip_beneficiaries` (`created_by_user_id`) WHERE `created_by_user_id` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `integrity_reports_acknowledged_by_user_id_idx` ON `integrity_reports` (`acknowledged_by_user_id`) WHERE `acknowledged_by_user_id` IS NOT NULL;
