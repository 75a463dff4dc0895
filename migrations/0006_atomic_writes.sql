-- Issue 16: one atomic write per state change (docs/decisions/009-atomic-state-changes.md).
-- The conditional statement that wins a state change stamps a fresh random token on the
-- row; the statements that follow from it, in the same batch, run only if the row
-- carries that token.
ALTER TABLE `booking_submissions` ADD `change_token` text;--> statement-breakpoint
ALTER TABLE `vip_beneficiaries` ADD `change_token` text;--> statement-breakpoint
ALTER TABLE `email_codes` ADD `change_token` text;--> statement-breakpoint
-- The nightly integrity check's findings, shown to admins until acknowledged.
CREATE TABLE `integrity_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`trigger` text NOT NULL,
	`violation_count` integer NOT NULL,
	`violations` text DEFAULT '[]' NOT NULL,
	`checked` text DEFAULT '{}' NOT NULL,
	`acknowledged_at` integer,
	`acknowledged_by_user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`acknowledged_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `integrity_reports_created_at_idx` ON `integrity_reports` (`created_at`);
