-- WhatsApp as Meta documents it (docs/decisions/089-whatsapp-cloud-api.md, amended; DESIGN.md
-- "WhatsApp as Meta documents it").
--
-- 1. Every kind of message a guest sends is kept as what it is (text, image, audio, video,
--    document, sticker, location, contacts, button, interactive, reaction, system, unsupported),
--    never as an empty `other`; a guest known only by their business-scoped user id (a WhatsApp
--    username, no phone shared) is kept by that id (`user_id`); a medium is fetched after the
--    message is kept, once, and a download that fails for good is recorded on the message
--    (`media_state` failed with its error) instead of refusing the webhook. SQLite cannot change a
--    CHECK constraint, so whatsapp_messages is rebuilt with its rows and indexes.
CREATE TABLE `__new_whatsapp_messages` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `wamid` text,
  `phone` text NOT NULL,
  `user_id` text,
  `direction` text NOT NULL,
  `kind` text NOT NULL,
  `body` text,
  `media_id` text,
  `media_key` text,
  `media_type` text,
  `media_state` text,
  `media_attempts` integer DEFAULT 0 NOT NULL,
  `media_next_at` integer,
  `media_claim` text,
  `media_error` text,
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
  CONSTRAINT "whatsapp_messages_direction_check" CHECK(`direction` in ('in', 'out')),
  CONSTRAINT "whatsapp_messages_kind_check" CHECK(`kind` in ('text', 'image', 'audio', 'video', 'document', 'sticker', 'location', 'contacts', 'button', 'interactive', 'reaction', 'system', 'unsupported', 'template')),
  CONSTRAINT "whatsapp_messages_status_check" CHECK(`status` in ('received', 'accepted', 'sent', 'delivered', 'read', 'failed')),
  CONSTRAINT "whatsapp_messages_media_state_check" CHECK(`media_state` in ('pending', 'stored', 'failed'))
);
--> statement-breakpoint
INSERT INTO `__new_whatsapp_messages` (`id`, `wamid`, `phone`, `direction`, `kind`, `body`, `media_key`, `media_type`, `media_state`, `latitude`, `longitude`, `template_name`, `status`, `error_code`, `error_title`, `sent_at`, `delivered_at`, `read_at`, `failed_at`, `created_at`, `updated_at`)
SELECT `id`, `wamid`, `phone`, `direction`, CASE `kind` WHEN 'other' THEN 'unsupported' ELSE `kind` END, `body`, `media_key`, `media_type`, CASE WHEN `media_key` IS NOT NULL THEN 'stored' END, `latitude`, `longitude`, `template_name`, `status`, `error_code`, `error_title`, `sent_at`, `delivered_at`, `read_at`, `failed_at`, `created_at`, `updated_at` FROM `whatsapp_messages`;
--> statement-breakpoint
DROP TABLE `whatsapp_messages`;
--> statement-breakpoint
ALTER TABLE `__new_whatsapp_messages` RENAME TO `whatsapp_messages`;
--> statement-breakpoint
CREATE UNIQUE INDEX `whatsapp_messages_wamid_idx` ON `whatsapp_messages` (`wamid`);
--> statement-breakpoint
CREATE INDEX `whatsapp_messages_phone_idx` ON `whatsapp_messages` (`phone`,`direction`,`created_at`);
--> statement-breakpoint
-- A guest's phone learnt from a message that carried both (a later message may carry the id alone).
CREATE INDEX `whatsapp_messages_user_id_idx` ON `whatsapp_messages` (`user_id`) WHERE `user_id` IS NOT NULL;
--> statement-breakpoint
-- The media still to fetch, by when (the webhook's own try, then the cron's).
CREATE INDEX `whatsapp_messages_media_due_idx` ON `whatsapp_messages` (`media_next_at`) WHERE `media_state` = 'pending';
--> statement-breakpoint
-- 2. A thread's message says what it is: its kind, its medium's type and state, and what else the
--    kind carries (a location's place, a contact card, the message a reaction is on, a reply's
--    button, a document's file name, a voice note) as JSON in `details`.
ALTER TABLE `conversation_messages` ADD `kind` text DEFAULT 'text' NOT NULL CONSTRAINT "conversation_messages_kind_check" CHECK (`kind` IN ('text', 'image', 'audio', 'video', 'document', 'sticker', 'location', 'contacts', 'button', 'interactive', 'reaction', 'system', 'unsupported'));
--> statement-breakpoint
ALTER TABLE `conversation_messages` ADD `media_type` text;
--> statement-breakpoint
ALTER TABLE `conversation_messages` ADD `media_state` text CONSTRAINT "conversation_messages_media_state_check" CHECK (`media_state` IN ('pending', 'stored', 'failed'));
--> statement-breakpoint
ALTER TABLE `conversation_messages` ADD `details` text;
--> statement-breakpoint
UPDATE `conversation_messages` SET `kind` = 'image', `media_state` = 'stored' WHERE `media_key` IS NOT NULL;
--> statement-breakpoint
-- 3. The thread's preview shows a medium, a place or a card by its sign (a voice note has no
--    words). A guest's message that arrives late (Meta retries a webhook for up to seven days, in any
--    order) never moves the thread's last guest message back in time: WhatsApp's 24-hour window is
--    counted from the latest, so an old delivery does not close it early.
DROP TRIGGER `conversation_message_moves_thread`;
--> statement-breakpoint
CREATE TRIGGER `conversation_message_moves_thread` AFTER INSERT ON `conversation_messages`
BEGIN
  UPDATE `conversation_threads` SET
    `last_message_at` = max(`last_message_at`, NEW.`created_at`),
    -- A medium, a place or a card reads in the list by its sign, in either language.
    `last_preview` = CASE WHEN NEW.`internal` THEN `last_preview` ELSE substr(trim(CASE NEW.`kind`
      WHEN 'image' THEN '📷 ' WHEN 'audio' THEN '🎤 ' WHEN 'video' THEN '🎬 ' WHEN 'document' THEN '📄 '
      WHEN 'sticker' THEN '🖼️ ' WHEN 'location' THEN '📍 ' WHEN 'contacts' THEN '👤 ' ELSE '' END
      || NEW.`body`), 1, 140) END,
    `unread_staff` = `unread_staff` + (NEW.`direction` = 'in'),
    `unread_guest` = `unread_guest` + (NEW.`direction` = 'out' AND NOT NEW.`internal`),
    `last_channel` = CASE WHEN NEW.`direction` = 'in' THEN NEW.`channel` ELSE `last_channel` END,
    `last_guest_message_at` = CASE WHEN NEW.`direction` = 'in'
      THEN max(coalesce(`last_guest_message_at`, 0), NEW.`created_at`) ELSE `last_guest_message_at` END,
    `status` = CASE WHEN NEW.`direction` = 'in' THEN 'open' ELSE `status` END,
    `updated_at` = NEW.`created_at`
  WHERE `id` = NEW.`thread_id`;
END;
--> statement-breakpoint
-- 4. The fake Cloud API (development only) serves a medium that is gone or failing, or one of a
--    given size, as a test asks, so the link's handling of each is tested through it.
ALTER TABLE `fake_whatsapp_media` ADD `fail` text;
--> statement-breakpoint
ALTER TABLE `fake_whatsapp_media` ADD `pad_to` integer;
