-- WhatsApp through Meta's Cloud API (modules/whatsapp, docs/decisions/089-whatsapp-cloud-api.md).
--
-- A booking carries the guest's choice of updates on WhatsApp (`whatsappOptIn` of the request);
-- the consent itself is kept per phone with its time and source, so a later "STOP" or the
-- profile's toggle changes it for every stay of that phone.
ALTER TABLE `booking_submissions` ADD `whatsapp_opt_in` integer DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE `whatsapp_consents` (
  `phone` text PRIMARY KEY NOT NULL,
  `opted_in` integer NOT NULL,
  `source` text NOT NULL,
  `booking_id` integer,
  `user_id` integer,
  `changed_at` integer NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "whatsapp_consents_source_check" CHECK("whatsapp_consents"."source" in ('booking', 'profile', 'stop'))
);
--> statement-breakpoint
-- Every WhatsApp message in and out, as the provider knows it (its `wamid`), with its delivery
-- state; the conversation itself is the inbox's thread.
CREATE TABLE `whatsapp_messages` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `wamid` text,
  `phone` text NOT NULL,
  `direction` text NOT NULL,
  `kind` text NOT NULL,
  `body` text,
  `media_key` text,
  `media_type` text,
  `latitude` real,
  `longitude` real,
  `template_name` text,
  `status` text NOT NULL,
  `error_code` integer,
  `error_title` text,
  `sent_at` integer,
  `delivered_at` integer,
  `read_at` integer,
  `failed_at` integer,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "whatsapp_messages_direction_check" CHECK("whatsapp_messages"."direction" in ('in', 'out')),
  CONSTRAINT "whatsapp_messages_kind_check" CHECK("whatsapp_messages"."kind" in ('text', 'image', 'location', 'template', 'other')),
  CONSTRAINT "whatsapp_messages_status_check" CHECK("whatsapp_messages"."status" in ('received', 'accepted', 'sent', 'delivered', 'read', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `whatsapp_messages_wamid_idx` ON `whatsapp_messages` (`wamid`);
--> statement-breakpoint
CREATE INDEX `whatsapp_messages_phone_idx` ON `whatsapp_messages` (`phone`,`direction`,`created_at`);
--> statement-breakpoint
-- Each status the provider reported for a message, once (webhooks repeat and arrive in any order):
-- the message's state is read from them, so a status that came before its message is kept too.
CREATE TABLE `whatsapp_status_events` (
  `wamid` text NOT NULL,
  `status` text NOT NULL,
  `at` integer NOT NULL,
  `error_code` integer,
  `error_title` text,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  PRIMARY KEY(`wamid`, `status`),
  CONSTRAINT "whatsapp_status_events_status_check" CHECK("whatsapp_status_events"."status" in ('sent', 'delivered', 'read', 'failed'))
);
--> statement-breakpoint
-- The hotel's message templates (WhatsApp Manager's), their approval read from the provider.
CREATE TABLE `whatsapp_templates` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `name` text NOT NULL,
  `language` text NOT NULL,
  `category` text NOT NULL,
  `body` text NOT NULL,
  `parameter_count` integer NOT NULL,
  `status` text NOT NULL,
  `purpose` text,
  `provider_id` text,
  `refreshed_at` integer,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "whatsapp_templates_language_check" CHECK("whatsapp_templates"."language" in ('ar', 'en'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `whatsapp_templates_name_language_idx` ON `whatsapp_templates` (`name`,`language`);
--> statement-breakpoint
-- What the hotel sends by itself: one row per stay and kind (the unique key), written in the
-- batch of the change (or by the cron for the dated ones), claimed before it is sent; and the
-- staff's replies on a WhatsApp thread (`body`, the conversation message they deliver).
CREATE TABLE `whatsapp_outbox` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `dedupe_key` text NOT NULL,
  `kind` text NOT NULL,
  `booking_id` integer,
  `phone` text NOT NULL,
  `lang` text DEFAULT 'ar' NOT NULL,
  `status` text DEFAULT 'queued' NOT NULL,
  `attempts` integer DEFAULT 0 NOT NULL,
  `next_attempt_at` integer NOT NULL,
  `claim_token` text,
  `claimed_at` integer,
  `last_error` text,
  `wamid` text,
  `sent_at` integer,
  `body` text,
  `conversation_message_id` integer,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "whatsapp_outbox_status_check" CHECK("whatsapp_outbox"."status" in ('queued', 'sending', 'sent', 'failed', 'skipped')),
  CONSTRAINT "whatsapp_outbox_lang_check" CHECK("whatsapp_outbox"."lang" in ('ar', 'en'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `whatsapp_outbox_dedupe_key_idx` ON `whatsapp_outbox` (`dedupe_key`);
--> statement-breakpoint
CREATE INDEX `whatsapp_outbox_due_idx` ON `whatsapp_outbox` (`status`,`next_attempt_at`);
--> statement-breakpoint
CREATE INDEX `whatsapp_outbox_phone_idx` ON `whatsapp_outbox` (`phone`);
--> statement-breakpoint
-- The fake Cloud API's own books (development only): what it was sent, the media it holds, the
-- templates' approval it answers.
CREATE TABLE `fake_whatsapp_sent` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `wamid` text NOT NULL,
  `phone_number_id` text NOT NULL,
  `payload` text NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `fake_whatsapp_media` (
  `id` text PRIMARY KEY NOT NULL,
  `mime_type` text NOT NULL,
  `sha256` text NOT NULL,
  `bytes_base64` text NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `fake_whatsapp_template_states` (
  `name` text NOT NULL,
  `language` text NOT NULL,
  `status` text NOT NULL,
  PRIMARY KEY(`name`, `language`)
);
