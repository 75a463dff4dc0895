-- Guests and the hotel talk (docs/decisions/088-conversations.md): one thread per guest,
-- the messages on it from every channel (the app's chat, WhatsApp), and the desk's saved replies.
--
-- A thread is a guest's: their account (`user_id`), their guest profile (`profile_id`, for a guest
-- without an account who holds a booking's link), or only a phone number that wrote on WhatsApp and
-- matches nobody yet (`phone`, digits as shared/src/digits.ts normalizePhone gives them), which the
-- desk links to a profile later. Each of the three is unique where it is the thread's key.
CREATE TABLE `conversation_threads` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `user_id` integer REFERENCES `users`(`id`) ON DELETE SET NULL,
  `profile_id` integer,
  `phone` text,
  -- The name the desk sees for a thread with no profile yet (WhatsApp's profile name).
  `guest_name` text,
  `status` text DEFAULT 'open' NOT NULL,
  `assigned_to` integer REFERENCES `users`(`id`) ON DELETE SET NULL,
  `last_message_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  -- The channel the guest last wrote on: a staff reply goes back on it.
  `last_channel` text DEFAULT 'app' NOT NULL,
  -- When the guest last wrote (WhatsApp's 24-hour customer service window is counted from it).
  `last_guest_message_at` integer,
  `last_preview` text DEFAULT '' NOT NULL,
  -- Guest messages staff have not read yet, and staff replies the guest has not: kept by the
  -- messages' insert trigger below, so in the statement (and batch) of the message itself.
  `unread_staff` integer DEFAULT 0 NOT NULL,
  `unread_guest` integer DEFAULT 0 NOT NULL,
  -- The device of a guest without an account who wrote from the app (their Web Push).
  `guest_device_id` text,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "conversation_threads_status_check" CHECK (`status` IN ('open', 'done')),
  CONSTRAINT "conversation_threads_channel_check" CHECK (`last_channel` IN ('app', 'whatsapp')),
  CONSTRAINT "conversation_threads_unread_check" CHECK (`unread_staff` >= 0 AND `unread_guest` >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversation_threads_user_id_idx` ON `conversation_threads` (`user_id`) WHERE `user_id` IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX `conversation_threads_profile_id_idx` ON `conversation_threads` (`profile_id`) WHERE `profile_id` IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX `conversation_threads_phone_only_idx` ON `conversation_threads` (`phone`) WHERE `user_id` IS NULL AND `profile_id` IS NULL;
--> statement-breakpoint
CREATE INDEX `conversation_threads_phone_idx` ON `conversation_threads` (`phone`) WHERE `phone` IS NOT NULL;
--> statement-breakpoint
-- The inbox, newest first, one page: all, open, and one colleague's.
CREATE INDEX `conversation_threads_last_message_idx` ON `conversation_threads` (`last_message_at`, `id`);
--> statement-breakpoint
CREATE INDEX `conversation_threads_status_last_message_idx` ON `conversation_threads` (`status`, `last_message_at`, `id`);
--> statement-breakpoint
CREATE INDEX `conversation_threads_assigned_last_message_idx` ON `conversation_threads` (`assigned_to`, `last_message_at`, `id`);
--> statement-breakpoint
CREATE TABLE `conversation_messages` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `thread_id` integer NOT NULL REFERENCES `conversation_threads`(`id`) ON DELETE CASCADE,
  `channel` text NOT NULL,
  `direction` text NOT NULL,
  `author_kind` text NOT NULL,
  `author_user_id` integer REFERENCES `users`(`id`) ON DELETE SET NULL,
  `body` text NOT NULL,
  `media_key` text,
  -- The provider's id of the message (WhatsApp's wamid): a webhook delivered twice stores it once.
  `provider_message_id` text,
  `delivery_status` text DEFAULT 'sent' NOT NULL,
  `delivery_error` text,
  -- A staff note on the thread: never sent, never shown to the guest.
  `internal` integer DEFAULT false NOT NULL,
  -- The booking the guest wrote about, when they wrote from its page.
  `booking_id` integer,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "conversation_messages_channel_check" CHECK (`channel` IN ('app', 'whatsapp')),
  CONSTRAINT "conversation_messages_direction_check" CHECK (`direction` IN ('in', 'out')),
  CONSTRAINT "conversation_messages_author_check" CHECK (`author_kind` IN ('guest', 'staff', 'system')),
  CONSTRAINT "conversation_messages_status_check" CHECK (`delivery_status` IN ('queued', 'sent', 'delivered', 'read', 'failed')),
  CONSTRAINT "conversation_messages_internal_check" CHECK (`internal` = 0 OR `direction` = 'out')
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversation_messages_provider_id_idx` ON `conversation_messages` (`provider_message_id`) WHERE `provider_message_id` IS NOT NULL;
--> statement-breakpoint
-- A thread's page of messages, newest first.
CREATE INDEX `conversation_messages_thread_idx` ON `conversation_messages` (`thread_id`, `id`);
--> statement-breakpoint
CREATE INDEX `conversation_messages_booking_id_idx` ON `conversation_messages` (`booking_id`) WHERE `booking_id` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `conversation_messages_author_user_id_idx` ON `conversation_messages` (`author_user_id`) WHERE `author_user_id` IS NOT NULL;
--> statement-breakpoint
-- A message moves its thread: its time, its preview, the unread counts, the channel the guest last
-- wrote on, and a guest's message opens a thread marked done again. A staff note moves nothing but
-- the thread's time. In the message's own statement, so no batch can leave them apart.
CREATE TRIGGER `conversation_message_moves_thread` AFTER INSERT ON `conversation_messages`
BEGIN
  UPDATE `conversation_threads` SET
    `last_message_at` = max(`last_message_at`, NEW.`created_at`),
    `last_preview` = CASE WHEN NEW.`internal` THEN `last_preview` ELSE substr(NEW.`body`, 1, 140) END,
    `unread_staff` = `unread_staff` + (NEW.`direction` = 'in'),
    `unread_guest` = `unread_guest` + (NEW.`direction` = 'out' AND NOT NEW.`internal`),
    `last_channel` = CASE WHEN NEW.`direction` = 'in' THEN NEW.`channel` ELSE `last_channel` END,
    `last_guest_message_at` = CASE WHEN NEW.`direction` = 'in' THEN NEW.`created_at` ELSE `last_guest_message_at` END,
    `status` = CASE WHEN NEW.`direction` = 'in' THEN 'open' ELSE `status` END,
    `updated_at` = NEW.`created_at`
  WHERE `id` = NEW.`thread_id`;
END;
--> statement-breakpoint
-- The desk's saved replies, each in both languages.
CREATE TABLE `conversation_saved_replies` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `title` text NOT NULL,
  `body_ar` text NOT NULL,
  `body_en` text NOT NULL,
  `created_by` integer REFERENCES `users`(`id`) ON DELETE SET NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `conversation_saved_replies_created_by_idx` ON `conversation_saved_replies` (`created_by`) WHERE `created_by` IS NOT NULL;
