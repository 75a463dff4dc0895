-- Issue 29 section 1: e-mail that is sent exactly once (docs/decisions/037-email-outbox.md).
-- One row per message, inserted by lib/email-outbox.ts in the same D1 batch as the state change
-- it reports (INSERT ... SELECT over the changed rows), so a change cut off midway queues
-- nothing. Delivery claims a row (status 'sending' with a fresh token) before sending, so each
-- is sent at most once; a provider failure puts it back to 'queued' with a later
-- next_attempt_at, and after the last try it is 'failed'. The message is rendered at delivery
-- from the row it names (entity_type, entity_id) and the site settings.
CREATE TABLE `email_outbox` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `kind` text NOT NULL,
  `recipient` text NOT NULL,
  `lang` text DEFAULT 'ar' NOT NULL,
  `entity_type` text NOT NULL,
  `entity_id` integer NOT NULL,
  `reason` text,
  `status` text DEFAULT 'queued' NOT NULL,
  `attempts` integer DEFAULT 0 NOT NULL,
  `next_attempt_at` integer NOT NULL,
  `claim_token` text,
  `claimed_at` integer,
  `last_error` text,
  `sent_at` integer,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT `email_outbox_status_check` CHECK(`status` in ('queued', 'sending', 'sent', 'failed')),
  CONSTRAINT `email_outbox_lang_check` CHECK(`lang` in ('ar', 'en'))
);
--> statement-breakpoint
-- Delivery reads what is due (queued, next_attempt_at passed) and what a dead delivery left
-- claimed ('sending' for too long), oldest first.
CREATE INDEX `email_outbox_due_idx` ON `email_outbox` (`status`,`next_attempt_at`);
--> statement-breakpoint
-- The address a guest without an account gives for confirmations, and the language the booking
-- was made in (the e-mails are written in it).
ALTER TABLE `booking_submissions` ADD `email` text;
--> statement-breakpoint
ALTER TABLE `booking_submissions` ADD `lang` text DEFAULT 'ar' NOT NULL;
--> statement-breakpoint
ALTER TABLE `photography_submissions` ADD `lang` text DEFAULT 'ar' NOT NULL;
--> statement-breakpoint
ALTER TABLE `google_review_submissions` ADD `lang` text DEFAULT 'ar' NOT NULL;
--> statement-breakpoint
ALTER TABLE `location_sharing_submissions` ADD `lang` text DEFAULT 'ar' NOT NULL;
--> statement-breakpoint
ALTER TABLE `reviews` ADD `lang` text DEFAULT 'ar' NOT NULL;
--> statement-breakpoint
-- Where staff hear of a new booking request (optional; empty: nobody).
ALTER TABLE `site_settings` ADD `booking_alert_email` text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- The dev mailbox keeps attachments too (JSON: [{ filename, contentType, content (base64) }]).
ALTER TABLE `dev_mailbox` ADD `attachments` text DEFAULT '[]' NOT NULL;
