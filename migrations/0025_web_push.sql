-- Issue 29 section 2: Web Push for the installed app (docs/decisions/038-web-push.md).
--
-- A browser's push subscription (PushManager.subscribe): its endpoint (a secret URL of the push
-- service, one row per endpoint) and the keys the payload is encrypted to (RFC 8291: p256dh, a
-- P-256 point; auth, 16 bytes; both base64url). It belongs to the signed-in account that made it
-- (user_id) and to the device (device_id: the device's own random id, the `X-Device-Id` header,
-- which the app also sends with the bookings and entries it makes), so a guest without an account
-- hears about what that device sent. `role` is the account's role when it subscribed: staff and
-- admin subscriptions (the desk's "alerts on this tablet") get the staff alerts, while the account
-- still has that role. `lang` is the device's language: every message is written in it.
CREATE TABLE `push_subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`user_id` integer,
	`device_id` text,
	`role` text DEFAULT 'guest' NOT NULL,
	`lang` text DEFAULT 'ar' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_success_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "push_subscriptions_role_check" CHECK("push_subscriptions"."role" in ('guest', 'staff', 'admin')),
	CONSTRAINT "push_subscriptions_lang_check" CHECK("push_subscriptions"."lang" in ('ar', 'en'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_endpoint_idx` ON `push_subscriptions` (`endpoint`);
--> statement-breakpoint
CREATE INDEX `push_subscriptions_user_id_idx` ON `push_subscriptions` (`user_id`);
--> statement-breakpoint
CREATE INDEX `push_subscriptions_device_id_idx` ON `push_subscriptions` (`device_id`);
--> statement-breakpoint
CREATE INDEX `push_subscriptions_staff_idx` ON `push_subscriptions` (`role`) WHERE "push_subscriptions"."role" <> 'guest';
--> statement-breakpoint
-- One message for one subscription, queued in the batch of the change it reports (lib/notify.ts)
-- and sent after the answer or by the cron (lib/push-outbox.ts). The text is written when it is
-- sent, in the subscription's language, from the event (`kind`, `entry_kind`) and its subject
-- (`subject_id`: the booking, entry or review; `reference`: a booking's; `details`: JSON of what
-- the text names, e.g. a booking's room, dates and the reason it was cancelled). `state`: pending ->
-- sending (claimed, so it is sent at most once) -> sent | failed; a failed try goes back to
-- pending with `next_attempt_at` later (backoff), up to a few tries.
CREATE TABLE `push_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subscription_id` integer NOT NULL,
	`kind` text NOT NULL,
	`entry_kind` text,
	`subject_id` integer NOT NULL,
	`reference` text,
	`details` text,
	`state` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`claimed_at` integer,
	`sent_at` integer,
	`last_error` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`subscription_id`) REFERENCES `push_subscriptions`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "push_outbox_state_check" CHECK("push_outbox"."state" in ('pending', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX `push_outbox_due_idx` ON `push_outbox` (`next_attempt_at`) WHERE "push_outbox"."state" = 'pending';
--> statement-breakpoint
CREATE INDEX `push_outbox_subscription_id_idx` ON `push_outbox` (`subscription_id`);
--> statement-breakpoint
-- The device that sent a booking or an entry (its `X-Device-Id`), so its push subscription hears
-- about it without an account (reviews already keep theirs, 0013).
ALTER TABLE `booking_submissions` ADD `device_id` text;
--> statement-breakpoint
ALTER TABLE `photography_submissions` ADD `device_id` text;
--> statement-breakpoint
ALTER TABLE `google_review_submissions` ADD `device_id` text;
--> statement-breakpoint
ALTER TABLE `location_sharing_submissions` ADD `device_id` text;
