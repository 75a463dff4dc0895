-- Issue 29 item 3: verified phones for the prize draws (docs/decisions/039-phone-proofs.md).
-- The spec's `phone_verification_requests` gets the rules of the e-mail codes: wrong tries
-- counted (5 kill the code), the instant it was used, the request's token that used it
-- (lib/atomic.ts), and the channel it went by (sms or whatsapp).
ALTER TABLE `phone_verification_requests` ADD `attempts` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `phone_verification_requests` ADD `used_at` integer;
--> statement-breakpoint
ALTER TABLE `phone_verification_requests` ADD `change_token` text;
--> statement-breakpoint
ALTER TABLE `phone_verification_requests` ADD `channel` text DEFAULT 'sms' NOT NULL;
--> statement-breakpoint
-- A signed-in guest's proven phones: their entries need no new code on another device.
CREATE TABLE `user_phones` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
	`phone_number` text NOT NULL,
	`verified_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_phones_user_phone_idx` ON `user_phones` (`user_id`,`phone_number`);
--> statement-breakpoint
-- Development only: the SMS and WhatsApp messages the app "sent" (GET /api/dev/messages).
CREATE TABLE `dev_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`channel` text NOT NULL,
	`text` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `dev_messages_to_idx` ON `dev_messages` (`to`,`created_at`);
--> statement-breakpoint
-- Admins may let an event take entries from unproven phones; every event asks by default.
ALTER TABLE `event_settings` ADD `require_phone_verification` integer DEFAULT true NOT NULL;
