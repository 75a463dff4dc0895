-- The schema the migrations build (migrations/), in a stable order. Generated: do not edit;
-- `npm run db:snapshot` rewrites it after a new migration (worker/src/schema-snapshot.test.ts).

-- table accounting_accounts
CREATE TABLE `accounting_accounts` (
	`category` text PRIMARY KEY NOT NULL,
	`account` text DEFAULT '' NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_by` integer,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);

-- table accounting_journals
CREATE TABLE `accounting_journals` (
	`date` text PRIMARY KEY NOT NULL,
	`journal` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);

-- table accounting_settings
CREATE TABLE `accounting_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`journal_code` text DEFAULT 'MISC' NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "accounting_settings_single_check" CHECK("accounting_settings"."id" = 1)
);

-- table audit_log
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_user_id` integer,
	`actor_email` text,
	`action` text NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text,
	`before` text,
	`after` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);

-- table booking_nights
CREATE TABLE `booking_nights` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`night` text NOT NULL,
	`room_type` text NOT NULL,
	`bed_type` text,
	`smoking_type` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL, `group_id` integer REFERENCES `group_blocks`(`id`),
	FOREIGN KEY (`booking_id`) REFERENCES `booking_submissions`(`id`) ON UPDATE no action ON DELETE cascade
);

-- table booking_search
CREATE VIRTUAL TABLE `booking_search` USING fts5(
	`reference`, `full_name`, `phone`, `email`, `id_number`, tokenize = 'trigram'
);

-- table booking_search_config
CREATE TABLE 'booking_search_config'(k PRIMARY KEY, v) WITHOUT ROWID;

-- table booking_search_content
CREATE TABLE 'booking_search_content'(id INTEGER PRIMARY KEY, c0, c1, c2, c3, c4);

-- table booking_search_data
CREATE TABLE 'booking_search_data'(id INTEGER PRIMARY KEY, block BLOB);

-- table booking_search_docsize
CREATE TABLE 'booking_search_docsize'(id INTEGER PRIMARY KEY, sz BLOB);

-- table booking_search_idx
CREATE TABLE 'booking_search_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

-- table booking_submissions
CREATE TABLE `booking_submissions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`full_name` text NOT NULL,
	`phone_number` text NOT NULL,
	`user_email` text,
	`id_number` text NOT NULL,
	`check_in_date` text NOT NULL,
	`check_out_date` text NOT NULL,
	`room_type` text NOT NULL,
	`room_number` integer,
	`bed_type` text,
	`smoking_preference` text,
	`number_of_guests` integer DEFAULT 2 NOT NULL,
	`total_price` integer,
	`extras` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`status_reason` text,
	`is_points_booking` integer DEFAULT false NOT NULL,
	`points_used` integer DEFAULT 0 NOT NULL,
	`booking_type` text,
	`payment_method` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`reference` text NOT NULL,
	`created_by_staff_id` integer REFERENCES `users`(`id`) ON DELETE set null,
	`client_hash` text,
	`change_token` text,
	`chat_session_id` text,
	`email` text,
	`lang` text DEFAULT 'ar' NOT NULL,
	`device_id` text,
	`pending_since` integer,
	`check_in_arrival_time` text,
	`check_in_adults` integer,
	`check_in_children` integer,
	`check_in_requests` text,
	`check_in_terms_accepted_at` integer,
	`checked_in_online_at` integer,
	`id_document_key` text,
	`id_document_type` text,
	`id_document_uploaded_at` integer,
	`id_data_purged_at` integer,
	`room_id` integer REFERENCES `hotel_rooms`(`id`) ON DELETE set null,
	`checked_in_at` integer,
	`checked_in_by` integer REFERENCES `users`(`id`) ON DELETE set null,
	`checked_out_at` integer,
	`checked_out_by` integer REFERENCES `users`(`id`) ON DELETE set null,
	`departure_time` text,
	`profile_id` integer REFERENCES `guest_profiles`(`id`) ON DELETE SET NULL,
	`closed_from` text,
	`notes` text,
	`price_override_baisa` integer,
	`price_override_reason` text,
	`rate_plan` text DEFAULT 'standard' NOT NULL,
	`night_prices` text,
	`cancellation_rule` text,
	`folio_balance_baisa` integer DEFAULT 0 NOT NULL,
	`deposit_rule` text,
	`adults` integer,
	`children` integer, `source` text, `channel_reference` text, `channel_booking_id` text, `payment_collect` text CONSTRAINT "booking_submissions_payment_collect_check" CHECK (`payment_collect` IN ('ota', 'property')), `commission_baisa` integer CONSTRAINT "booking_submissions_commission_check" CHECK (`commission_baisa` >= 0), `company_id` integer REFERENCES `city_ledger_accounts`(`id`), `travel_agent_id` integer REFERENCES `city_ledger_accounts`(`id`), `segment` text CONSTRAINT "booking_submissions_segment_check" CHECK (`segment` IN ('leisure', 'corporate', 'group', 'government', 'ota', 'other')), `group_id` integer REFERENCES `group_blocks`(`id`), `channel_room_id` text, `whatsapp_opt_in` integer DEFAULT false NOT NULL, "channel_flag" text CONSTRAINT "booking_submissions_channel_flag_check" CHECK ("channel_flag" IN ('overbooked', 'unmapped', 'over_occupancy', 'not_sellable', 'currency_mismatch', 'rooms_unmatched')),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "booking_submissions_dates_check" CHECK("booking_submissions"."check_out_date" > "booking_submissions"."check_in_date"),
	CONSTRAINT "booking_submissions_price_override_check" CHECK (`price_override_baisa` >= 0),
	CONSTRAINT "booking_submissions_guests_check" CHECK("booking_submissions"."number_of_guests" between 1 and 12),
	CONSTRAINT "booking_submissions_adults_children_check" CHECK(`adults` >= 1 AND `children` >= 0)
);

-- table books_on_hand
CREATE TABLE `books_on_hand` (
  `close_date` text NOT NULL,
  `night` text NOT NULL,
  `room_type` text NOT NULL,
  `segment` text NOT NULL,
  `source` text NOT NULL,
  `company_id` integer DEFAULT 0 NOT NULL,
  `definite_rooms` integer DEFAULT 0 NOT NULL,
  `definite_revenue_baisa` integer DEFAULT 0 NOT NULL,
  `tentative_rooms` integer DEFAULT 0 NOT NULL,
  `tentative_revenue_baisa` integer DEFAULT 0 NOT NULL, `pending_rooms` integer DEFAULT 0 NOT NULL, `pending_revenue_baisa` integer DEFAULT 0 NOT NULL,
  PRIMARY KEY (`close_date`, `night`, `room_type`, `segment`, `source`, `company_id`),
  CONSTRAINT "books_on_hand_counts_check" CHECK (`definite_rooms` >= 0 AND `tentative_rooms` >= 0)
) WITHOUT ROWID;

-- table books_on_hand_nights
CREATE TABLE `books_on_hand_nights` (
  `close_date` text NOT NULL,
  `night` text NOT NULL,
  `rooms` integer NOT NULL,
  `revenue_baisa` integer NOT NULL,
  PRIMARY KEY (`close_date`, `night`)
) WITHOUT ROWID;

-- table chain_account_versions
CREATE TABLE `chain_account_versions` (
  `email` text PRIMARY KEY NOT NULL,
  `version` integer NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);

-- table chain_outbox
CREATE TABLE `chain_outbox` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `kind` text NOT NULL,
  `ref` text NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "chain_outbox_kind_check" CHECK (`kind` IN ('account', 'erased', 'closed_day'))
);

-- table chain_transfer_keys
CREATE TABLE `chain_transfer_keys` (
  `key` text PRIMARY KEY NOT NULL,
  `state` text NOT NULL,
  `points` integer NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "chain_transfer_keys_state_check" CHECK (`state` IN ('out', 'in', 'back', 'void'))
);

-- table change_counters
CREATE TABLE `change_counters` (
	`resource` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);

-- table channel_mappings
CREATE TABLE `channel_mappings` (
  `room_type` text NOT NULL,
  `rate_plan` text DEFAULT '' NOT NULL,
  `channel_id` text NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  PRIMARY KEY(`room_type`, `rate_plan`),
  CONSTRAINT "channel_mappings_channel_id_check" CHECK(length(`channel_id`) BETWEEN 1 AND 100)
);

-- table channel_outbox
CREATE TABLE `channel_outbox` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `kind` text NOT NULL,
  `room_type` text NOT NULL,
  `night` text NOT NULL,
  `version` integer DEFAULT 1 NOT NULL,
  `changed_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL, `full` integer DEFAULT false NOT NULL,
  CONSTRAINT "channel_outbox_kind_check" CHECK(`kind` IN ('availability', 'restrictions'))
);

-- table channel_pushes
CREATE TABLE `channel_pushes` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `at` integer NOT NULL,
  `kind` text NOT NULL,
  `full` integer DEFAULT false NOT NULL,
  `values_count` integer NOT NULL,
  `bytes` integer NOT NULL,
  `outcome` text NOT NULL,
  `warnings` integer DEFAULT 0 NOT NULL,
  `status` integer,
  `request_id` text,
  `task_ids` text DEFAULT '[]' NOT NULL,
  CONSTRAINT "channel_pushes_kind_check" CHECK(`kind` IN ('availability', 'restrictions')),
  CONSTRAINT "channel_pushes_outcome_check" CHECK(`outcome` IN ('accepted', 'warned', 'failed'))
);

-- table channel_rejected
CREATE TABLE `channel_rejected` (
  `kind` text NOT NULL,
  `room_type_id` text NOT NULL,
  `night` text NOT NULL,
  `rate_plan_id` text DEFAULT '' NOT NULL,
  `room_type` text NOT NULL,
  `rate_plan` text DEFAULT '' NOT NULL,
  `reasons` text DEFAULT '{}' NOT NULL,
  `at` integer NOT NULL,
  PRIMARY KEY(`kind`, `room_type_id`, `night`, `rate_plan_id`),
  CONSTRAINT "channel_rejected_kind_check" CHECK(`kind` IN ('availability', 'restrictions'))
) WITHOUT ROWID;

-- table channel_revisions
CREATE TABLE "channel_revisions" (
  `id` text PRIMARY KEY NOT NULL,
  `channel_booking_id` text NOT NULL,
  `status` text NOT NULL,
  `ota_name` text NOT NULL,
  `ota_reservation_code` text NOT NULL,
  `booking_id` integer REFERENCES `booking_submissions`(`id`) ON DELETE set null,
  `outcome` text NOT NULL,
  `via` text NOT NULL,
  `body` text NOT NULL,
  `received_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `acked_at` integer,
  `revised_at` integer,
  CONSTRAINT "channel_revisions_status_check" CHECK (`status` IN ('new', 'modified', 'cancelled')),
  CONSTRAINT "channel_revisions_outcome_check" CHECK (`outcome` IN ('applied', 'overbooked', 'unmapped', 'over_occupancy', 'not_sellable', 'currency_mismatch', 'rooms_unmatched', 'ignored', 'stale')),
  CONSTRAINT "channel_revisions_via_check" CHECK (`via` IN ('webhook', 'feed'))
);

-- table channel_sent
CREATE TABLE `channel_sent` (
  `kind` text NOT NULL,
  `room_type_id` text NOT NULL,
  `night` text NOT NULL,
  `rate_plan_id` text DEFAULT '' NOT NULL,
  `value` text NOT NULL,
  `sent_at` integer NOT NULL,
  PRIMARY KEY(`kind`, `room_type_id`, `night`, `rate_plan_id`),
  CONSTRAINT "channel_sent_kind_check" CHECK(`kind` IN ('availability', 'restrictions'))
) WITHOUT ROWID;

-- table channel_state
CREATE TABLE `channel_state` (
  `id` integer PRIMARY KEY NOT NULL,
  `enabled` integer DEFAULT true NOT NULL,
  `last_push_at` integer,
  `last_pull_at` integer,
  `lease_until` integer DEFAULT 0 NOT NULL,
  `lease_owner` text,
  `backoff_until` integer DEFAULT 0 NOT NULL,
  `backoff_attempts` integer DEFAULT 0 NOT NULL,
  `availability_calls` text DEFAULT '[]' NOT NULL,
  `restrictions_calls` text DEFAULT '[]' NOT NULL,
  `errors` text DEFAULT '[]' NOT NULL,
  CONSTRAINT "channel_state_one_row_check" CHECK(`id` = 1)
);

-- table chat_booking_sessions
CREATE TABLE `chat_booking_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` text NOT NULL,
	`current_step` text DEFAULT 'room_type' NOT NULL,
	`booking_data` text DEFAULT '{}' NOT NULL,
	`is_completed` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
, `user_id` integer REFERENCES `users`(`id`) ON DELETE SET NULL, `change_token` text);

-- table chat_messages
CREATE TABLE `chat_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` text NOT NULL,
	`message` text NOT NULL,
	`is_bot` integer DEFAULT false NOT NULL,
	`timestamp` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);

-- table city_ledger_accounts
CREATE TABLE `city_ledger_accounts` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `name` text NOT NULL,
  `vat_number` text DEFAULT '' NOT NULL,
  `address` text DEFAULT '' NOT NULL,
  `credit_limit_baisa` integer,
  `balance_baisa` integer DEFAULT 0 NOT NULL,
  `active` integer DEFAULT true NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `kind` text DEFAULT 'company' NOT NULL,
  `rate_plan_codes` text DEFAULT '[]' NOT NULL,
  `commission_hundredths` integer,
  `iata` text DEFAULT '' NOT NULL,
  `contact_name` text DEFAULT '' NOT NULL,
  `contact_phone` text DEFAULT '' NOT NULL,
  `contact_email` text DEFAULT '' NOT NULL,
  CONSTRAINT "city_ledger_accounts_kind_check" CHECK (`kind` IN ('company', 'travel_agent', 'ota')),
  CONSTRAINT "city_ledger_accounts_commission_check" CHECK (`commission_hundredths` BETWEEN 0 AND 5000),
  CONSTRAINT "city_ledger_accounts_limit_check" CHECK (`credit_limit_baisa` IS NULL OR `credit_limit_baisa` >= 0)
);

-- table city_ledger_payments
CREATE TABLE `city_ledger_payments` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `account_id` integer NOT NULL REFERENCES `city_ledger_accounts`(`id`),
  `method` text NOT NULL,
  `amount_baisa` integer NOT NULL,
  `reference` text DEFAULT '' NOT NULL,
  `business_date` text NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `created_by` integer REFERENCES `users`(`id`) ON DELETE SET NULL,
  CONSTRAINT "city_ledger_payments_amount_check" CHECK (`amount_baisa` > 0)
);

-- table conversation_messages
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
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL, `kind` text DEFAULT 'text' NOT NULL CONSTRAINT "conversation_messages_kind_check" CHECK (`kind` IN ('text', 'image', 'audio', 'video', 'document', 'sticker', 'location', 'contacts', 'button', 'interactive', 'reaction', 'system', 'unsupported')), `media_type` text, `media_state` text CONSTRAINT "conversation_messages_media_state_check" CHECK (`media_state` IN ('pending', 'stored', 'failed')), `details` text,
  CONSTRAINT "conversation_messages_channel_check" CHECK (`channel` IN ('app', 'whatsapp')),
  CONSTRAINT "conversation_messages_direction_check" CHECK (`direction` IN ('in', 'out')),
  CONSTRAINT "conversation_messages_author_check" CHECK (`author_kind` IN ('guest', 'staff', 'system')),
  CONSTRAINT "conversation_messages_status_check" CHECK (`delivery_status` IN ('queued', 'sent', 'delivered', 'read', 'failed')),
  CONSTRAINT "conversation_messages_internal_check" CHECK (`internal` = 0 OR `direction` = 'out')
);

-- table conversation_saved_replies
CREATE TABLE `conversation_saved_replies` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `title` text NOT NULL,
  `body_ar` text NOT NULL,
  `body_en` text NOT NULL,
  `created_by` integer REFERENCES `users`(`id`) ON DELETE SET NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);

-- table conversation_threads
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
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL, `booking_id` integer,
  CONSTRAINT "conversation_threads_status_check" CHECK (`status` IN ('open', 'done')),
  CONSTRAINT "conversation_threads_channel_check" CHECK (`last_channel` IN ('app', 'whatsapp')),
  CONSTRAINT "conversation_threads_unread_check" CHECK (`unread_staff` >= 0 AND `unread_guest` >= 0)
);

-- table custom_chat_qa
CREATE TABLE `custom_chat_qa` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`question` text NOT NULL,
	`answer` text NOT NULL,
	`keywords` text DEFAULT '[]' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);

-- table day_close_companion_nights
CREATE TABLE `day_close_companion_nights` (
  `close_date` text NOT NULL,
  `booking_id` integer NOT NULL,
  `nationality` text DEFAULT '' NOT NULL,
  `guest_nights` integer NOT NULL,
  `arrivals` integer DEFAULT 0 NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  PRIMARY KEY (`close_date`, `booking_id`, `nationality`),
  CONSTRAINT "day_close_companion_nights_counts_check" CHECK (`guest_nights` >= 0 AND `arrivals` >= 0)
);

-- table day_close_guest_nights
CREATE TABLE `day_close_guest_nights` (
  `close_date` text NOT NULL,
  `booking_id` integer NOT NULL,
  `nationality` text DEFAULT '' NOT NULL,
  `segment` text DEFAULT '' NOT NULL,
  `rooms` integer NOT NULL,
  `guest_nights` integer NOT NULL,
  `arrivals` integer DEFAULT 0 NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  PRIMARY KEY (`close_date`, `booking_id`),
  CONSTRAINT "day_close_guest_nights_counts_check" CHECK (`rooms` >= 0 AND `guest_nights` >= 0 AND `arrivals` >= 0)
);

-- table day_closes
CREATE TABLE `day_closes` (
  `date` text PRIMARY KEY NOT NULL,
  `report` text NOT NULL,
  `closed_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `closed_by` integer REFERENCES `users`(`id`) ON DELETE SET NULL
);

-- table dev_mailbox
CREATE TABLE `dev_mailbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
, `attachments` text DEFAULT '[]' NOT NULL);

-- table dev_messages
CREATE TABLE `dev_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`channel` text NOT NULL,
	`text` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);

-- table document_counters
CREATE TABLE `document_counters` (
  `series` text NOT NULL,
  `year` integer NOT NULL,
  `last_number` integer NOT NULL,
  PRIMARY KEY (`series`, `year`)
) WITHOUT ROWID;

-- table email_codes
CREATE TABLE `email_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`purpose` text DEFAULT 'verify_email' NOT NULL,
	`code_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL, `change_token` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);

-- table email_outbox
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
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL, `channel` text DEFAULT 'email' NOT NULL
  CONSTRAINT "email_outbox_channel_check" CHECK (`channel` in ('email', 'sms')),
  CONSTRAINT `email_outbox_status_check` CHECK(`status` in ('queued', 'sending', 'sent', 'failed')),
  CONSTRAINT `email_outbox_lang_check` CHECK(`lang` in ('ar', 'en'))
);

-- table event_images
CREATE TABLE `event_images` (
	`id` text PRIMARY KEY NOT NULL,
	`event_type` text NOT NULL,
	`submission_id` integer,
	`r2_key` text NOT NULL,
	`content_type` text NOT NULL,
	`byte_size` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);

-- table event_settings
CREATE TABLE `event_settings` (
	`event_type` text PRIMARY KEY NOT NULL,
	`is_enabled` integer DEFAULT true NOT NULL,
	`updated_by_user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL, `require_phone_verification` integer DEFAULT true NOT NULL,
	FOREIGN KEY (`updated_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);

-- table events
CREATE TABLE `events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`title_ar` text NOT NULL,
	`description` text NOT NULL,
	`description_ar` text NOT NULL,
	`date` text,
	`image_url` text,
	`price` integer,
	`max_capacity` integer,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);

-- table extra_offers_shown
CREATE TABLE `extra_offers_shown` (
	`booking_id` integer NOT NULL,
	`extra_id` integer NOT NULL,
	`channel` text NOT NULL,
	`shown_date` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`booking_id`, `extra_id`, `channel`),
	FOREIGN KEY (`booking_id`) REFERENCES `booking_submissions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`extra_id`) REFERENCES `extras`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "extra_offers_shown_channel_check" CHECK("extra_offers_shown"."channel" in ('app', 'whatsapp', 'desk'))
);

-- table extra_purchases
CREATE TABLE `extra_purchases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`extra_id` integer NOT NULL,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`channel` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_price_baisa` integer NOT NULL,
	`total_baisa` integer NOT NULL,
	`service_date` text NOT NULL,
	`service_time` text,
	`details` text DEFAULT '{}' NOT NULL,
	`from_room_type` text,
	`to_room_type` text,
	`pay_online` integer DEFAULT false NOT NULL,
	`payment_session_id` integer,
	`token` text NOT NULL,
	`decided_by` integer,
	`decided_at` integer,
	`decline_reason` text,
	`created_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `booking_submissions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`extra_id`) REFERENCES `extras`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "extra_purchases_kind_check" CHECK("extra_purchases"."kind" in ('upgrade', 'early_check_in', 'late_check_out', 'breakfast', 'transfer', 'other')),
	CONSTRAINT "extra_purchases_status_check" CHECK("extra_purchases"."status" in ('requested', 'confirmed', 'declined', 'expired', 'cancelled')),
	CONSTRAINT "extra_purchases_channel_check" CHECK("extra_purchases"."channel" in ('app', 'whatsapp', 'desk')),
	CONSTRAINT "extra_purchases_amount_check" CHECK("extra_purchases"."quantity" between 1 and 999 and "extra_purchases"."unit_price_baisa" > 0 and "extra_purchases"."total_baisa" > 0)
);

-- table extras
CREATE TABLE `extras` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`name_ar` text NOT NULL,
	`name_en` text NOT NULL,
	`description_ar` text DEFAULT '' NOT NULL,
	`description_en` text DEFAULT '' NOT NULL,
	`price_baisa` integer NOT NULL,
	`department` text NOT NULL,
	`from_room_type` text,
	`to_room_type` text,
	`instant` integer DEFAULT true NOT NULL,
	`daily_cap` integer,
	`tiers` text DEFAULT '[]' NOT NULL,
	`rate_plans` text DEFAULT '[]' NOT NULL,
	`room_types` text DEFAULT '[]' NOT NULL,
	`photo` text,
	`active` integer DEFAULT true NOT NULL,
	`deleted_at` integer,
	`created_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "extras_kind_check" CHECK("extras"."kind" in ('upgrade', 'early_check_in', 'late_check_out', 'breakfast', 'transfer', 'other')),
	CONSTRAINT "extras_price_check" CHECK("extras"."price_baisa" > 0),
	CONSTRAINT "extras_upgrade_check" CHECK(("extras"."kind" = 'upgrade') = ("extras"."from_room_type" is not null and "extras"."to_room_type" is not null and "extras"."from_room_type" <> "extras"."to_room_type")),
	CONSTRAINT "extras_cap_check" CHECK("extras"."daily_cap" is null or ("extras"."kind" in ('early_check_in', 'late_check_out') and "extras"."daily_cap" between 1 and 500))
);

-- table fake_channex_availability
CREATE TABLE `fake_channex_availability` (
  `room_type_id` text NOT NULL,
  `date` text NOT NULL,
  `availability` integer NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  PRIMARY KEY(`room_type_id`, `date`)
);

-- table fake_channex_bookings
CREATE TABLE `fake_channex_bookings` (
  `id` text PRIMARY KEY NOT NULL,
  `status` text NOT NULL,
  `details` text NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "fake_channex_bookings_status_check" CHECK (`status` IN ('new', 'modified', 'cancelled'))
);

-- table fake_channex_calls
CREATE TABLE `fake_channex_calls` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `kind` text NOT NULL,
  `at` integer NOT NULL,
  CONSTRAINT "fake_channex_calls_kind_check" CHECK (`kind` IN ('availability', 'restrictions'))
);

-- table fake_channex_faults
CREATE TABLE `fake_channex_faults` (
  `id` integer PRIMARY KEY NOT NULL,
  `status` integer NOT NULL,
  `remaining` integer NOT NULL, `warnings` integer DEFAULT 0 NOT NULL,
  CONSTRAINT "fake_channex_faults_one_row" CHECK (`id` = 1)
);

-- table fake_channex_rate_plans
CREATE TABLE `fake_channex_rate_plans` (
  `id` text PRIMARY KEY NOT NULL,
  `room_type_id` text NOT NULL,
  `title` text NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);

-- table fake_channex_restrictions
CREATE TABLE `fake_channex_restrictions` (
  `room_type_id` text NOT NULL,
  `rate_plan_id` text NOT NULL,
  `date` text NOT NULL,
  `rate_baisa` integer,
  `min_stay` integer,
  `max_stay` integer,
  `stop_sell` integer,
  `closed_to_arrival` integer,
  `closed_to_departure` integer,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  PRIMARY KEY(`room_type_id`, `rate_plan_id`, `date`)
);

-- table fake_channex_revisions
CREATE TABLE `fake_channex_revisions` (
  `seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `id` text NOT NULL,
  `booking_id` text NOT NULL REFERENCES `fake_channex_bookings`(`id`),
  `status` text NOT NULL,
  `body` text NOT NULL,
  `acked_at` integer,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "fake_channex_revisions_status_check" CHECK (`status` IN ('new', 'modified', 'cancelled'))
);

-- table fake_channex_room_types
CREATE TABLE `fake_channex_room_types` (
  `id` text PRIMARY KEY NOT NULL,
  `title` text NOT NULL,
  `count_of_rooms` integer DEFAULT 0 NOT NULL,
  `occupancy` integer DEFAULT 2 NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);

-- table fake_channex_webhook_hold
CREATE TABLE `fake_channex_webhook_hold` (
  `id` integer PRIMARY KEY NOT NULL,
  `holding` integer DEFAULT false NOT NULL,
  CONSTRAINT "fake_channex_webhook_hold_one_row" CHECK (`id` = 1)
);

-- table fake_thawani_controls
CREATE TABLE `fake_thawani_controls` (
  `id` integer PRIMARY KEY NOT NULL,
  `fault_status` integer DEFAULT 0 NOT NULL,
  `fault_remaining` integer DEFAULT 0 NOT NULL,
  `page_limit` integer,
  `fee` integer DEFAULT 0 NOT NULL,
  `fee_on_top` integer DEFAULT false NOT NULL,
  `refund_status` text DEFAULT 'successful' NOT NULL,
  CONSTRAINT "fake_thawani_controls_one_row" CHECK (`id` = 1)
);

-- table fake_thawani_payments
CREATE TABLE `fake_thawani_payments` (
  `payment_id` text PRIMARY KEY NOT NULL,
  `checkout_invoice` text NOT NULL,
  `amount` integer NOT NULL,
  `fee` integer DEFAULT 0 NOT NULL,
  `status` text NOT NULL,
  `masked_card` text NOT NULL,
  `card_type` text NOT NULL,
  `reason` text,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "fake_thawani_payments_status_check" CHECK (`status` IN ('InProccess', 'Successful', 'Failed'))
);

-- table fake_thawani_refunds
CREATE TABLE `fake_thawani_refunds` (
  `refund_id` text PRIMARY KEY NOT NULL,
  `payment_id` text NOT NULL REFERENCES `fake_thawani_payments`(`payment_id`),
  `amount` integer NOT NULL,
  `reason` text NOT NULL,
  `status` text NOT NULL,
  `metadata` text NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);

-- table fake_thawani_sessions
CREATE TABLE `fake_thawani_sessions` (
  `session_id` text PRIMARY KEY NOT NULL,
  `client_reference_id` text NOT NULL,
  `invoice` text NOT NULL,
  `products` text NOT NULL,
  `total_amount` integer NOT NULL,
  `currency` text DEFAULT 'OMR' NOT NULL,
  `success_url` text NOT NULL,
  `cancel_url` text NOT NULL,
  `payment_status` text DEFAULT 'unpaid' NOT NULL,
  `metadata` text NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `expire_at` integer NOT NULL,
  CONSTRAINT "fake_thawani_sessions_status_check" CHECK (`payment_status` IN ('unpaid', 'paid', 'cancelled'))
);

-- table fake_whatsapp_media
CREATE TABLE `fake_whatsapp_media` (
  `id` text PRIMARY KEY NOT NULL,
  `mime_type` text NOT NULL,
  `sha256` text NOT NULL,
  `bytes_base64` text NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
, `fail` text, `pad_to` integer);

-- table fake_whatsapp_sent
CREATE TABLE `fake_whatsapp_sent` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `wamid` text NOT NULL,
  `phone_number_id` text NOT NULL,
  `payload` text NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);

-- table fake_whatsapp_template_states
CREATE TABLE `fake_whatsapp_template_states` (
  `name` text NOT NULL,
  `language` text NOT NULL,
  `status` text NOT NULL, `definition` text,
  PRIMARY KEY(`name`, `language`)
);

-- table folio_lines
CREATE TABLE `folio_lines` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `booking_id` integer NOT NULL REFERENCES `booking_submissions`(`id`),
  `kind` text NOT NULL,
  `department` text,
  `method` text,
  `description` text DEFAULT '' NOT NULL,
  `quantity` integer DEFAULT 1 NOT NULL,
  `amount_baisa` integer NOT NULL,
  `net_baisa` integer,
  `taxes` text DEFAULT '[]' NOT NULL,
  `business_date` text NOT NULL,
  `night` text,
  `corrects_line_id` integer REFERENCES `folio_lines`(`id`),
  `refunds_line_id` integer REFERENCES `folio_lines`(`id`),
  `city_ledger_account_id` integer REFERENCES `city_ledger_accounts`(`id`),
  `reason` text,
  `provider_reference` text,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `created_by` integer REFERENCES `users`(`id`) ON DELETE SET NULL, `approval_code` text, `group_id` integer REFERENCES `group_blocks`(`id`), `outlet_check_id` integer, `extra_purchase_id` integer,
  CONSTRAINT "folio_lines_kind_check" CHECK (`kind` IN ('charge', 'correction', 'payment', 'refund', 'transfer')),
  CONSTRAINT "folio_lines_amount_check" CHECK (
    (`kind` = 'correction' AND `amount_baisa` < 0) OR (`kind` <> 'correction' AND `amount_baisa` > 0)
  ),
  CONSTRAINT "folio_lines_charge_check" CHECK (
    (`kind` IN ('charge', 'correction')) = (`department` IS NOT NULL AND `net_baisa` IS NOT NULL)
  ),
  CONSTRAINT "folio_lines_method_check" CHECK ((`kind` IN ('payment', 'refund')) = (`method` IS NOT NULL)),
  CONSTRAINT "folio_lines_correction_check" CHECK ((`kind` = 'correction') = (`corrects_line_id` IS NOT NULL)),
  CONSTRAINT "folio_lines_refund_check" CHECK ((`kind` = 'refund') = (`refunds_line_id` IS NOT NULL)),
  CONSTRAINT "folio_lines_transfer_check" CHECK ((`kind` = 'transfer') = (`city_ledger_account_id` IS NOT NULL)),
  CONSTRAINT "folio_lines_quantity_check" CHECK (`quantity` BETWEEN 1 AND 999),
  CONSTRAINT "folio_lines_night_check" CHECK (`night` IS NULL OR (`kind` = 'charge' AND `department` = 'room'))
);

-- table folio_roundings
CREATE TABLE `folio_roundings` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `invoice_id` integer NOT NULL REFERENCES `invoices`(`id`),
  `booking_id` integer NOT NULL REFERENCES `booking_submissions`(`id`),
  `group_id` integer REFERENCES `group_blocks`(`id`),
  `department` text NOT NULL,
  `net_baisa` integer NOT NULL,
  `taxes` text DEFAULT '[]' NOT NULL,
  `rounding_baisa` integer DEFAULT 0 NOT NULL,
  `business_date` text NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);

-- table google_review_submissions
CREATE TABLE `google_review_submissions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`participant_phone` text NOT NULL,
	`submission_date` integer NOT NULL,
	`is_approved` integer,
	`admin_notes` text,
	`decided_by_user_id` integer,
	`decided_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL, `source` text DEFAULT 'modal' NOT NULL, `user_id` integer REFERENCES `users`(`id`) ON DELETE set null, `lang` text DEFAULT 'ar' NOT NULL, `device_id` text,
	FOREIGN KEY (`decided_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);

-- table group_block_nights
CREATE TABLE `group_block_nights` (
  `group_id` integer NOT NULL REFERENCES `group_blocks`(`id`),
  `room_type` text NOT NULL,
  `night` text NOT NULL,
  `held` integer NOT NULL,
  PRIMARY KEY (`group_id`, `room_type`, `night`),
  CONSTRAINT "group_block_nights_held_check" CHECK (`held` BETWEEN 0 AND 500)
);

-- table group_blocks
CREATE TABLE `group_blocks` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `name` text NOT NULL,
  `company_id` integer REFERENCES `city_ledger_accounts`(`id`),
  `rate_plan` text NOT NULL REFERENCES `rate_plans`(`code`),
  `status` text NOT NULL,
  `release_date` text NOT NULL,
  `billing` text DEFAULT 'individual' NOT NULL,
  `notes` text DEFAULT '' NOT NULL,
  `released_at` integer,
  `cancelled_at` integer,
  `created_by` integer REFERENCES `users`(`id`) ON DELETE SET NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "group_blocks_status_check" CHECK (`status` IN ('tentative', 'definite', 'cancelled')),
  CONSTRAINT "group_blocks_billing_check" CHECK (`billing` IN ('master', 'individual')),
  CONSTRAINT "group_blocks_name_check" CHECK (length(`name`) BETWEEN 1 AND 120)
);

-- table group_folios
CREATE TABLE `group_folios` (
  `group_id` integer PRIMARY KEY NOT NULL REFERENCES `group_blocks`(`id`),
  `balance_baisa` integer DEFAULT 0 NOT NULL
);

-- table guest_profiles
CREATE TABLE `guest_profiles` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `user_id` integer REFERENCES `users`(`id`) ON DELETE CASCADE,
  `full_name` text NOT NULL,
  `phone` text NOT NULL,
  `email` text,
  `name_key` text NOT NULL,
  `email_key` text,
  `nationality` text CHECK (`nationality` IS NULL OR (length(`nationality`) = 2 AND `nationality` = upper(`nationality`))),
  `date_of_birth` text,
  `document_type` text CHECK (`document_type` IS NULL OR `document_type` IN ('passport', 'national_id', 'resident_card')),
  `document_number` text,
  `document_key` text,
  `document_expiry` text,
  `preferences` text,
  `notes` text,
  `vip` integer DEFAULT 0 NOT NULL CHECK (`vip` IN (0, 1)),
  `do_not_rent` integer DEFAULT 0 NOT NULL CHECK (`do_not_rent` IN (0, 1)),
  -- The latest departure of its stays: registration data is kept a period after it.
  `last_stay_date` text,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);

-- table guest_search
CREATE VIRTUAL TABLE `guest_search` USING fts5(
	`name_key`, `phone`, `email_key`, `document_key`, tokenize = 'trigram'
);

-- table guest_search_config
CREATE TABLE 'guest_search_config'(k PRIMARY KEY, v) WITHOUT ROWID;

-- table guest_search_content
CREATE TABLE 'guest_search_content'(id INTEGER PRIMARY KEY, c0, c1, c2, c3);

-- table guest_search_data
CREATE TABLE 'guest_search_data'(id INTEGER PRIMARY KEY, block BLOB);

-- table guest_search_docsize
CREATE TABLE 'guest_search_docsize'(id INTEGER PRIMARY KEY, sz BLOB);

-- table guest_search_idx
CREATE TABLE 'guest_search_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;

-- table hotel_rooms
CREATE TABLE `hotel_rooms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` text NOT NULL,
	`room_type` text NOT NULL,
	`floor` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'clean' NOT NULL,
	`notes` text,
	`status_changed_at` integer,
	`status_changed_by` integer,
	`retired_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`status_changed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "hotel_rooms_status_check" CHECK("hotel_rooms"."status" in ('clean', 'dirty', 'inspected', 'out_of_order')),
	CONSTRAINT "hotel_rooms_number_check" CHECK(length("hotel_rooms"."number") between 1 and 16)
);

-- table housekeeping_days
CREATE TABLE `housekeeping_days` (
  `date` text PRIMARY KEY NOT NULL,
  `made_by` integer REFERENCES `users`(`id`) ON DELETE SET NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);

-- table housekeeping_settings
CREATE TABLE `housekeeping_settings` (
  `id` integer PRIMARY KEY NOT NULL,
  `stay_over_every_nights` integer DEFAULT 1 NOT NULL,
  `turndown` integer DEFAULT false NOT NULL,
  `departure_credits` integer DEFAULT 4 NOT NULL,
  `stay_over_credits` integer DEFAULT 2 NOT NULL,
  `inspection_credits` integer DEFAULT 1 NOT NULL,
  `turndown_credits` integer DEFAULT 1 NOT NULL,
  `minibar_items` text DEFAULT '[]' NOT NULL,
  `updated_by` integer REFERENCES `users`(`id`) ON DELETE SET NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "housekeeping_settings_one_check" CHECK (`id` = 1),
  CONSTRAINT "housekeeping_settings_rule_check" CHECK (`stay_over_every_nights` BETWEEN 0 AND 14 AND `turndown` IN (0, 1)),
  CONSTRAINT "housekeeping_settings_credits_check" CHECK (
    `departure_credits` BETWEEN 0 AND 20 AND `stay_over_credits` BETWEEN 0 AND 20
    AND `inspection_credits` BETWEEN 0 AND 20 AND `turndown_credits` BETWEEN 0 AND 20
  )
);

-- table housekeeping_tasks
CREATE TABLE `housekeeping_tasks` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `date` text NOT NULL,
  `room_id` integer NOT NULL REFERENCES `hotel_rooms`(`id`) ON DELETE CASCADE,
  `kind` text NOT NULL,
  `status` text DEFAULT 'pending' NOT NULL,
  `credits` integer NOT NULL,
  `booking_id` integer REFERENCES `booking_submissions`(`id`) ON DELETE SET NULL,
  `arrival_booking_id` integer REFERENCES `booking_submissions`(`id`) ON DELETE SET NULL,
  `assigned_to` integer REFERENCES `users`(`id`) ON DELETE SET NULL,
  `started_at` integer,
  `finished_at` integer,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "housekeeping_tasks_kind_check" CHECK (`kind` IN ('departure', 'stay_over', 'inspection', 'turndown')),
  CONSTRAINT "housekeeping_tasks_status_check" CHECK (`status` IN ('pending', 'in_progress', 'done', 'dnd', 'refused'))
);

-- table idempotency_keys
CREATE TABLE `idempotency_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`scope` text NOT NULL,
	`request_hash` text NOT NULL,
	`status_code` integer,
	`response_body` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);

-- table integrity_reports
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

-- table invoice_lines
CREATE TABLE `invoice_lines` (
  `folio_line_id` integer PRIMARY KEY NOT NULL REFERENCES `folio_lines`(`id`),
  `invoice_id` integer NOT NULL REFERENCES `invoices`(`id`)
);

-- table invoices
CREATE TABLE `invoices` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `kind` text NOT NULL,
  `number` text NOT NULL,
  `year` integer NOT NULL,
  `sequence` integer NOT NULL,
  `booking_id` integer NOT NULL REFERENCES `booking_submissions`(`id`),
  `credits_invoice_id` integer REFERENCES `invoices`(`id`),
  `reason` text,
  `issue_date` text NOT NULL,
  `supplier` text NOT NULL,
  `customer` text NOT NULL,
  `lines` text NOT NULL,
  `tax_totals` text NOT NULL,
  `net_baisa` integer NOT NULL,
  `tax_baisa` integer NOT NULL,
  `total_baisa` integer NOT NULL,
  `issued_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `issued_by` integer REFERENCES `users`(`id`) ON DELETE SET NULL, `group_id` integer REFERENCES `group_blocks`(`id`),
  CONSTRAINT "invoices_kind_check" CHECK (`kind` IN ('invoice', 'credit_note')),
  CONSTRAINT "invoices_credit_check" CHECK ((`kind` = 'credit_note') = (`credits_invoice_id` IS NOT NULL)),
  CONSTRAINT "invoices_total_check" CHECK (`net_baisa` + `tax_baisa` = `total_baisa`)
);

-- table location_sharing_submissions
CREATE TABLE `location_sharing_submissions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`participant_phone` text NOT NULL,
	`submission_date` integer NOT NULL,
	`share_count` integer DEFAULT 5 NOT NULL,
	`is_completed` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
, `user_id` integer REFERENCES `users`(`id`) ON DELETE set null, `lang` text DEFAULT 'ar' NOT NULL, `device_id` text);

-- table lost_found_items
CREATE TABLE `lost_found_items` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `found_on` text NOT NULL,
  `place` text NOT NULL,
  `room_id` integer REFERENCES `hotel_rooms`(`id`) ON DELETE set null,
  `description` text NOT NULL,
  `photo_key` text,
  `photo_type` text,
  `photo_bytes` integer,
  `found_by` integer REFERENCES `users`(`id`) ON DELETE set null,
  `booking_id` integer REFERENCES `booking_submissions`(`id`) ON DELETE set null,
  `status` text DEFAULT 'held' NOT NULL,
  `keep_until` text NOT NULL,
  `notified_at` integer,
  `contact_email` text,
  `contact_name` text,
  `returned_at` integer,
  `disposed_at` integer,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "lost_found_items_status_check" CHECK(`status` in ('held', 'returned', 'disposed')),
  CONSTRAINT "lost_found_items_returned_check" CHECK((`status` = 'returned') = (`returned_at` is not null)),
  CONSTRAINT "lost_found_items_disposed_check" CHECK((`status` = 'disposed') = (`disposed_at` is not null))
);

-- table lost_found_log
CREATE TABLE `lost_found_log` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `item_id` integer NOT NULL REFERENCES `lost_found_items`(`id`) ON DELETE cascade,
  `action` text NOT NULL,
  `actor_id` integer REFERENCES `users`(`id`) ON DELETE set null,
  `note` text,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "lost_found_log_action_check" CHECK(`action` in ('found', 'matched', 'unmatched', 'notified', 'returned', 'disposed'))
);

-- table lost_found_settings
CREATE TABLE `lost_found_settings` (
  `id` integer PRIMARY KEY NOT NULL,
  `keep_days` integer DEFAULT 90 NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "lost_found_settings_one_row_check" CHECK(`id` = 1),
  CONSTRAINT "lost_found_settings_keep_days_check" CHECK(`keep_days` between 1 and 3650)
);

-- table media
CREATE TABLE "media" (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`upload_key` text NOT NULL,
	`owner_kind` text NOT NULL,
	`owner_id` text NOT NULL,
	`position` integer NOT NULL,
	`alt_ar` text DEFAULT '' NOT NULL,
	`alt_en` text DEFAULT '' NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`content_type` text NOT NULL,
	`variants` text NOT NULL,
	`placeholder` text DEFAULT '' NOT NULL,
	`created_by_user_id` integer REFERENCES `users`(`id`) ON DELETE SET NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT `media_owner_kind_check` CHECK (`owner_kind` IN ('room_type', 'offer', 'service_menu', 'service_gallery', 'site_hero')),
	CONSTRAINT `media_size_check` CHECK (`width` > 0 AND `height` > 0)
);

-- table monthly_participations
CREATE TABLE `monthly_participations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`participant_phone` text NOT NULL,
	`event_type` text NOT NULL,
	`participation_month` text NOT NULL,
	`submission_date` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);

-- table notifications
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_phone` text NOT NULL,
	`title` text NOT NULL,
	`title_ar` text NOT NULL,
	`message` text NOT NULL,
	`message_ar` text NOT NULL,
	`type` text NOT NULL,
	`is_read` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
, `user_id` integer REFERENCES `users`(`id`) ON DELETE cascade, `booking_id` integer, `entry_type` text, `entry_id` integer);

-- table offers
CREATE TABLE `offers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`room_type` text NOT NULL,
	`title` text NOT NULL,
	`title_ar` text NOT NULL,
	`description` text NOT NULL,
	`description_ar` text NOT NULL,
	`discount` integer DEFAULT 0 NOT NULL,
	`original_price` integer NOT NULL,
	`discounted_price` integer NOT NULL,
	`features` text DEFAULT '[]' NOT NULL,
	`gallery_images` text DEFAULT '[]' NOT NULL,
	`is_best_seller` integer DEFAULT false NOT NULL,
	`theme` text DEFAULT 'silver' NOT NULL,
	`valid_from` text,
	`valid_to` text,
	`is_active` integer DEFAULT true NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
, `updated_by_user_id` integer REFERENCES `users`(`id`), `fixed_prices` integer DEFAULT false NOT NULL);

-- table outlet_check_voids
CREATE TABLE `outlet_check_voids` (
	`check_id` integer PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`business_date` text NOT NULL,
	`credit_note` text,
	`credit_note_year` integer,
	`credit_note_sequence` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`created_by` integer,
	FOREIGN KEY (`check_id`) REFERENCES `outlet_checks`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);

-- table outlet_checks
CREATE TABLE `outlet_checks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`outlet_id` integer NOT NULL,
	`source` text NOT NULL,
	`check_number` text NOT NULL,
	`business_date` text NOT NULL,
	`settlement` text NOT NULL,
	`booking_id` integer,
	`method` text,
	`approval_code` text,
	`lines` text NOT NULL,
	`taxes` text DEFAULT '[]' NOT NULL,
	`net_baisa` integer NOT NULL,
	`tax_baisa` integer NOT NULL,
	`total_baisa` integer NOT NULL,
	`invoice` text,
	`invoice_year` integer,
	`invoice_sequence` integer,
	`key_id` integer,
	`token` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`created_by` integer,
	FOREIGN KEY (`outlet_id`) REFERENCES `outlets`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`booking_id`) REFERENCES `booking_submissions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`key_id`) REFERENCES `outlet_keys`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "outlet_checks_source_check" CHECK("outlet_checks"."source" in ('tablet', 'pos')),
	CONSTRAINT "outlet_checks_settlement_check" CHECK("outlet_checks"."settlement" in ('room', 'paid')),
	CONSTRAINT "outlet_checks_room_check" CHECK(("outlet_checks"."settlement" = 'room') = ("outlet_checks"."booking_id" is not null)),
	CONSTRAINT "outlet_checks_paid_check" CHECK(("outlet_checks"."settlement" = 'paid') = ("outlet_checks"."method" is not null and "outlet_checks"."invoice_sequence" is not null)),
	CONSTRAINT "outlet_checks_method_check" CHECK("outlet_checks"."method" is null or "outlet_checks"."method" in ('cash', 'card')),
	CONSTRAINT "outlet_checks_total_check" CHECK("outlet_checks"."total_baisa" > 0 and "outlet_checks"."net_baisa" + "outlet_checks"."tax_baisa" = "outlet_checks"."total_baisa")
);

-- table outlet_items
CREATE TABLE `outlet_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`outlet_id` integer NOT NULL,
	`name_ar` text NOT NULL,
	`name_en` text NOT NULL,
	`price_baisa` integer NOT NULL,
	`department` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL, `app_orderable` integer DEFAULT true NOT NULL, `duration_minutes` integer CONSTRAINT "outlet_items_duration_check" CHECK ("duration_minutes" IS NULL OR "duration_minutes" BETWEEN 5 AND 480), `photo_key` text,
	FOREIGN KEY (`outlet_id`) REFERENCES `outlets`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "outlet_items_price_check" CHECK("outlet_items"."price_baisa" > 0)
);

-- table outlet_keys
CREATE TABLE `outlet_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`outlet_id` integer NOT NULL,
	`label` text NOT NULL,
	`key_hash` text NOT NULL,
	`key_hint` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`created_by` integer,
	`revoked_at` integer,
	FOREIGN KEY (`outlet_id`) REFERENCES `outlets`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);

-- table outlet_orders
CREATE TABLE `outlet_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`outlet_id` integer NOT NULL,
	`booking_id` integer NOT NULL,
	`status` text DEFAULT 'sent' NOT NULL,
	`lines` text NOT NULL,
	`total_baisa` integer NOT NULL,
	`note` text,
	`starts_at` integer,
	`ends_at` integer,
	`seats` integer DEFAULT 0 NOT NULL,
	`refusal_reason` text,
	`refusal_note` text,
	`check_id` integer,
	`token` text NOT NULL,
	`created_by` integer,
	`decided_by` integer,
	`decided_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`outlet_id`) REFERENCES `outlets`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`booking_id`) REFERENCES `booking_submissions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`check_id`) REFERENCES `outlet_checks`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "outlet_orders_status_check" CHECK("outlet_orders"."status" in ('sent', 'accepted', 'refused', 'cancelled')),
	CONSTRAINT "outlet_orders_accepted_check" CHECK(("outlet_orders"."status" = 'accepted') = ("outlet_orders"."check_id" is not null)),
	CONSTRAINT "outlet_orders_refused_check" CHECK(("outlet_orders"."status" = 'refused') = ("outlet_orders"."refusal_reason" is not null)),
	CONSTRAINT "outlet_orders_reason_check" CHECK("outlet_orders"."refusal_reason" is null or "outlet_orders"."refusal_reason" in ('unavailable', 'fully_booked', 'closing', 'too_busy', 'other')),
	CONSTRAINT "outlet_orders_total_check" CHECK("outlet_orders"."total_baisa" > 0),
	CONSTRAINT "outlet_orders_time_check" CHECK(("outlet_orders"."starts_at" is null) = ("outlet_orders"."ends_at" is null) and ("outlet_orders"."starts_at" is null or "outlet_orders"."ends_at" >= "outlet_orders"."starts_at")),
	CONSTRAINT "outlet_orders_seats_check" CHECK("outlet_orders"."seats" >= 0 and ("outlet_orders"."seats" = 0 or "outlet_orders"."ends_at" > "outlet_orders"."starts_at"))
);

-- table outlet_staff
CREATE TABLE `outlet_staff` (
	`outlet_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	PRIMARY KEY(`outlet_id`, `user_id`),
	FOREIGN KEY (`outlet_id`) REFERENCES `outlets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);

-- table outlets
CREATE TABLE `outlets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name_ar` text NOT NULL,
	`name_en` text NOT NULL,
	`kind` text NOT NULL,
	`opens_at` text DEFAULT '00:00' NOT NULL,
	`closes_at` text DEFAULT '00:00' NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`last_check_number` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL, `app_orders` integer DEFAULT false NOT NULL, `slot_capacity` integer DEFAULT 1 NOT NULL CONSTRAINT "outlets_slot_capacity_check" CHECK ("slot_capacity" BETWEEN 1 AND 50),
	CONSTRAINT "outlets_kind_check" CHECK("outlets"."kind" in ('restaurant', 'cafe', 'spa', 'laundry', 'minibar', 'pool_bar', 'other'))
);

-- table payment_events
CREATE TABLE `payment_events` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `provider` text NOT NULL,
  `event_id` text NOT NULL,
  `type` text NOT NULL,
  `session_id` integer REFERENCES `payment_sessions`(`id`),
  `outcome` text NOT NULL,
  `reason` text,
  `amount_baisa` integer,
  `received_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "payment_events_outcome_check" CHECK (`outcome` IN ('applied', 'refused')),
  CONSTRAINT "payment_events_reason_check" CHECK ((`outcome` = 'refused') = (`reason` IS NOT NULL))
);

-- table payment_refunds
CREATE TABLE `payment_refunds` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `session_id` integer NOT NULL REFERENCES `payment_sessions`(`id`),
  `booking_id` integer NOT NULL REFERENCES `booking_submissions`(`id`),
  `payment_line_id` integer NOT NULL REFERENCES `folio_lines`(`id`),
  `amount_baisa` integer NOT NULL,
  `reason` text NOT NULL,
  `status` text DEFAULT 'requested' NOT NULL,
  `provider_refund_id` text,
  `refund_line_id` integer REFERENCES `folio_lines`(`id`),
  `failure` text,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `sent_at` integer,
  `settled_at` integer,
  `requested_by` integer REFERENCES `users`(`id`) ON DELETE SET NULL,
  CONSTRAINT "payment_refunds_amount_check" CHECK (`amount_baisa` > 0),
  CONSTRAINT "payment_refunds_status_check" CHECK (`status` IN ('requested', 'sending', 'sent', 'succeeded', 'failed')),
  CONSTRAINT "payment_refunds_line_check" CHECK ((`status` = 'succeeded') = (`refund_line_id` IS NOT NULL))
);

-- table payment_sessions
CREATE TABLE `payment_sessions` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `booking_id` integer NOT NULL REFERENCES `booking_submissions`(`id`),
  `provider` text NOT NULL,
  `provider_session_id` text NOT NULL,
  `purpose` text NOT NULL,
  `amount_baisa` integer NOT NULL,
  `currency` text DEFAULT 'OMR' NOT NULL,
  `status` text DEFAULT 'open' NOT NULL,
  `checkout_url` text NOT NULL,
  `provider_payment_id` text,
  `payment_line_id` integer REFERENCES `folio_lines`(`id`),
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `settled_at` integer,
  `checked_at` integer,
  `provider_status` text,
  `created_by` integer REFERENCES `users`(`id`) ON DELETE SET NULL,
  CONSTRAINT "payment_sessions_provider_check" CHECK (`provider` IN ('fake', 'thawani')),
  CONSTRAINT "payment_sessions_purpose_check" CHECK (`purpose` IN ('deposit', 'balance')),
  CONSTRAINT "payment_sessions_status_check" CHECK (`status` IN ('open', 'paid', 'failed', 'expired')),
  CONSTRAINT "payment_sessions_amount_check" CHECK (`amount_baisa` > 0),
  CONSTRAINT "payment_sessions_provider_status_check" CHECK (`provider_status` IS NULL OR `provider_status` IN ('open', 'paid', 'failed', 'expired')),
  CONSTRAINT "payment_sessions_paid_check" CHECK ((`status` = 'paid') = (`payment_line_id` IS NOT NULL))
);

-- table phone_verification_requests
CREATE TABLE `phone_verification_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`phone_number` text NOT NULL,
	`verification_code_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`is_used` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
, `attempts` integer DEFAULT 0 NOT NULL, `used_at` integer, `change_token` text, `channel` text DEFAULT 'sms' NOT NULL);

-- table photography_submissions
CREATE TABLE `photography_submissions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`participant_phone` text NOT NULL,
	`submission_date` integer NOT NULL,
	`is_approved` integer DEFAULT false NOT NULL,
	`admin_notes` text,
	`decided_by_user_id` integer,
	`decided_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL, `user_id` integer REFERENCES `users`(`id`) ON DELETE set null, `lang` text DEFAULT 'ar' NOT NULL, `device_id` text,
	FOREIGN KEY (`decided_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);

-- table point_transactions
CREATE TABLE `point_transactions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_email` text NOT NULL,
	`points_earned` integer NOT NULL,
	`kind` text NOT NULL,
	`reason` text NOT NULL,
	`reason_ar` text NOT NULL,
	`booking_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `booking_submissions`(`id`) ON UPDATE no action ON DELETE set null
);

-- table push_outbox
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

-- table push_subscriptions
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
	CONSTRAINT "push_subscriptions_role_check" CHECK("push_subscriptions"."role" in ('guest', 'outlet', 'housekeeper', 'maintenance', 'staff', 'manager', 'admin')),
	CONSTRAINT "push_subscriptions_lang_check" CHECK("push_subscriptions"."lang" in ('ar', 'en'))
);

-- table rate_limits
CREATE TABLE `rate_limits` (
	`key` text NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);

-- table rate_nights
CREATE TABLE "rate_nights" (
  `rate_plan` text NOT NULL REFERENCES `rate_plans`(`code`),
  `room_type` text NOT NULL,
  `night` text NOT NULL,
  `price_baisa` integer,
  `single_price_baisa` integer,
  `extra_guest_price_baisa` integer,
  `min_stay` integer,
  `max_stay` integer,
  `closed` integer,
  `closed_to_arrival` integer,
  `closed_to_departure` integer,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  PRIMARY KEY (`rate_plan`, `room_type`, `night`),
  CONSTRAINT "rate_nights_price_check" CHECK (`price_baisa` >= 0 AND `single_price_baisa` >= 0 AND `extra_guest_price_baisa` >= 0),
  CONSTRAINT "rate_nights_stay_check" CHECK (`min_stay` BETWEEN 1 AND 365 AND `max_stay` BETWEEN 1 AND 365)
) WITHOUT ROWID;

-- table rate_plans
CREATE TABLE `rate_plans` (
  `code` text PRIMARY KEY NOT NULL,
  `name_ar` text NOT NULL,
  `name_en` text NOT NULL,
  `room_types` text DEFAULT '[]' NOT NULL,
  `breakfast_included` integer DEFAULT false NOT NULL,
  `cancellation` text DEFAULT '{"kind":"free_until","hours":24}' NOT NULL,
  `deposit` text DEFAULT '{"kind":"none"}' NOT NULL,
  `parent_code` text REFERENCES `rate_plans`(`code`),
  `parent_adjustment_percent` integer,
  `active` integer DEFAULT true NOT NULL,
  `sort_order` integer DEFAULT 0 NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `confirm_on_deposit` integer DEFAULT false NOT NULL, `public` integer DEFAULT true NOT NULL, `extra_guest_price_baisa` integer CONSTRAINT "rate_plans_extra_guest_price_check" CHECK (`extra_guest_price_baisa` BETWEEN 0 AND 10000000),
  CONSTRAINT "rate_plans_code_check" CHECK (`code` GLOB '[a-z]*' AND length(`code`) <= 32 AND `code` NOT GLOB '*[^a-z0-9_]*'),
  CONSTRAINT "rate_plans_parent_check" CHECK ((`parent_code` IS NULL) = (`parent_adjustment_percent` IS NULL)),
  CONSTRAINT "rate_plans_adjustment_check" CHECK (`parent_adjustment_percent` BETWEEN -90 AND 200),
  CONSTRAINT "rate_plans_standard_check" CHECK (`code` <> 'standard' OR (`active` = 1 AND `parent_code` IS NULL))
);

-- table revenue_applied
CREATE TABLE `revenue_applied` (
  `night` text NOT NULL,
  `room_type` text NOT NULL,
  `kind` text NOT NULL,
  `value` integer NOT NULL,
  `base_baisa` integer,
  `suggestion_id` text NOT NULL,
  `source` text NOT NULL,
  `run_id` integer,
  `applied_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  PRIMARY KEY (`night`, `room_type`, `kind`),
  CONSTRAINT "revenue_applied_kind_check" CHECK (`kind` IN ('price', 'min_stay', 'closed_to_arrival')),
  CONSTRAINT "revenue_applied_source_check" CHECK (`source` IN ('manager', 'autopilot'))
) WITHOUT ROWID;

-- table revenue_autopilot_runs
CREATE TABLE `revenue_autopilot_runs` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `close_date` text NOT NULL,
  `changes` text DEFAULT '[]' NOT NULL,
  `ran_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);

-- table revenue_event_years
CREATE TABLE `revenue_event_years` (
  `year` integer PRIMARY KEY NOT NULL
);

-- table revenue_events
CREATE TABLE `revenue_events` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `kind` text NOT NULL,
  `name_ar` text NOT NULL,
  `name_en` text NOT NULL,
  `from_date` text NOT NULL,
  `to_date` text NOT NULL,
  `confirmed` integer DEFAULT false NOT NULL,
  `source` text DEFAULT 'manager' NOT NULL,
  `computed_key` text,
  `created_by` integer REFERENCES `users`(`id`) ON DELETE SET NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "revenue_events_kind_check" CHECK (`kind` IN ('ramadan', 'eid_al_fitr', 'eid_al_adha', 'islamic_new_year', 'prophets_birthday', 'national_day', 'khareef', 'school_holiday', 'hotel')),
  CONSTRAINT "revenue_events_source_check" CHECK (`source` IN ('computed', 'manager')),
  CONSTRAINT "revenue_events_dates_check" CHECK (`to_date` >= `from_date`)
);

-- table revenue_history
CREATE TABLE `revenue_history` (
  `reference` text PRIMARY KEY NOT NULL,
  `booked_on` text NOT NULL,
  `arrival` text NOT NULL,
  `departure` text NOT NULL,
  `status` text NOT NULL,
  `cancelled_on` text,
  `room_type` text NOT NULL,
  `rooms` integer DEFAULT 1 NOT NULL,
  `adults` integer,
  `children` integer,
  `nationality` text,
  `segment` text,
  `channel` text,
  `rate_baisa` integer,
  `import_id` integer NOT NULL REFERENCES `revenue_imports`(`id`),
  `line` integer NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "revenue_history_status_check" CHECK (`status` IN ('stayed', 'cancelled', 'no_show')),
  CONSTRAINT "revenue_history_dates_check" CHECK (`departure` > `arrival` AND `booked_on` <= `arrival` AND (`cancelled_on` IS NULL OR `cancelled_on` >= `booked_on`)),
  CONSTRAINT "revenue_history_cancelled_check" CHECK ((`status` = 'cancelled') = (`cancelled_on` IS NOT NULL)),
  CONSTRAINT "revenue_history_counts_check" CHECK (`rooms` >= 1 AND `adults` >= 0 AND `children` >= 0 AND `rate_baisa` >= 0)
);

-- table revenue_import_refusals
CREATE TABLE `revenue_import_refusals` (
  `import_id` integer NOT NULL REFERENCES `revenue_imports`(`id`) ON DELETE CASCADE,
  `line` integer NOT NULL,
  `field` text NOT NULL,
  `code` text NOT NULL,
  PRIMARY KEY (`import_id`, `line`, `field`)
) WITHOUT ROWID;

-- table revenue_imports
CREATE TABLE `revenue_imports` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `file_key` text NOT NULL,
  `file_name` text NOT NULL,
  `file_bytes` integer NOT NULL,
  `status` text DEFAULT 'running' NOT NULL,
  `phase` text DEFAULT 'lines' NOT NULL,
  `columns` text NOT NULL,
  `delimiter` text DEFAULT ',' NOT NULL,
  `byte_offset` integer DEFAULT 0 NOT NULL,
  `next_line` integer DEFAULT 2 NOT NULL,
  `skipping` integer DEFAULT 0 NOT NULL,
  `rows` integer DEFAULT 0 NOT NULL,
  `imported` integer DEFAULT 0 NOT NULL,
  `added` integer DEFAULT 0 NOT NULL,
  `replaced` integer DEFAULT 0 NOT NULL,
  `unchanged` integer DEFAULT 0 NOT NULL,
  `refused_count` integer DEFAULT 0 NOT NULL,
  `nights_from` text,
  `nights_to` text,
  `books_cursor` text,
  `lease_until` integer,
  `attempts` integer DEFAULT 0 NOT NULL,
  `error` text,
  `created_by` integer REFERENCES `users`(`id`) ON DELETE SET NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `finished_at` integer,
  CONSTRAINT "revenue_imports_status_check" CHECK (`status` IN ('running', 'done', 'failed')),
  CONSTRAINT "revenue_imports_phase_check" CHECK (`phase` IN ('lines', 'books', 'done')),
  CONSTRAINT "revenue_imports_counts_check" CHECK (`byte_offset` >= 0 AND `rows` >= 0 AND `imported` >= 0 AND `refused_count` >= 0)
);

-- table revenue_limits
CREATE TABLE `revenue_limits` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `room_type` text NOT NULL,
  `from_date` text,
  `to_date` text,
  `floor_baisa` integer NOT NULL,
  `ceiling_baisa` integer NOT NULL,
  CONSTRAINT "revenue_limits_prices_check" CHECK (`floor_baisa` >= 1 AND `floor_baisa` <= `ceiling_baisa` AND `ceiling_baisa` <= 10000000),
  CONSTRAINT "revenue_limits_dates_check" CHECK ((`from_date` IS NULL) = (`to_date` IS NULL) AND (`to_date` IS NULL OR `to_date` >= `from_date`))
);

-- table revenue_locks
CREATE TABLE `revenue_locks` (
  `night` text NOT NULL,
  `room_type` text NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  PRIMARY KEY (`night`, `room_type`)
) WITHOUT ROWID;

-- table revenue_nights
CREATE TABLE `revenue_nights` (
  `night` text NOT NULL,
  `room_type` text NOT NULL,
  `history` text DEFAULT '[]' NOT NULL,
  `history_final` integer DEFAULT 0 NOT NULL,
  `own` text DEFAULT '[]' NOT NULL,
  `own_final` integer,
  PRIMARY KEY (`night`, `room_type`)
) WITHOUT ROWID;

-- table revenue_settings
CREATE TABLE `revenue_settings` (
  `id` integer PRIMARY KEY NOT NULL,
  `target_occupancy_percent` integer DEFAULT 80 NOT NULL,
  `threshold_percent` integer DEFAULT 2 NOT NULL,
  `step_cap_percent` integer DEFAULT 30 NOT NULL,
  `price_step_baisa` integer DEFAULT 500 NOT NULL,
  `autopilot` integer DEFAULT false NOT NULL,
  `updated_by` integer REFERENCES `users`(`id`) ON DELETE SET NULL,
  `updated_at` integer,
  CONSTRAINT "revenue_settings_single_check" CHECK (`id` = 1),
  CONSTRAINT "revenue_settings_values_check" CHECK (`target_occupancy_percent` BETWEEN 30 AND 100 AND `threshold_percent` BETWEEN 0 AND 50 AND `step_cap_percent` BETWEEN 1 AND 100 AND `price_step_baisa` BETWEEN 1 AND 10000)
);

-- table revenue_state
CREATE TABLE `revenue_state` (
  `id` integer PRIMARY KEY NOT NULL,
  `own_folded_through` text,
  `own_rebuilt` integer DEFAULT 0 NOT NULL,
  `history_max_nights` integer DEFAULT 1 NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "revenue_state_single_check" CHECK (`id` = 1)
);

-- table reviews
CREATE TABLE `reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`name` text,
	`phone_number` text,
	`star_rating` integer NOT NULL,
	`comment` text NOT NULL,
	`service_review` text,
	`room_review` text,
	`overall_review` text,
	`is_approved` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL, `device_id` text, `status` text DEFAULT 'pending' NOT NULL CHECK (`status` IN ('pending', 'approved', 'rejected')), `verified_stay` integer DEFAULT false NOT NULL, `admin_notes` text, `decided_by_user_id` integer REFERENCES `users`(`id`) ON DELETE set null, `decided_at` integer, `lang` text DEFAULT 'ar' NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);

-- table rollup_booking_days
CREATE TABLE `rollup_booking_days` (
	`day` text NOT NULL,
	`source` text NOT NULL,
	`made` integer DEFAULT 0 NOT NULL,
	`cancelled` integer DEFAULT 0 NOT NULL,
	`lead_days` integer DEFAULT 0 NOT NULL,
	`stay_nights` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `source`)
);

-- table rollup_bookings
CREATE TABLE `rollup_bookings` (
	`status` text NOT NULL,
	`room_type` text NOT NULL,
	`bookings` integer DEFAULT 0 NOT NULL,
	`revenue` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`status`, `room_type`)
);

-- table rollup_counts
CREATE TABLE `rollup_counts` (
	`name` text PRIMARY KEY NOT NULL,
	`value` integer DEFAULT 0 NOT NULL
);

-- table rollup_months
CREATE TABLE `rollup_months` (
	`month` text PRIMARY KEY NOT NULL,
	`room_nights` integer DEFAULT 0 NOT NULL,
	`revenue` integer DEFAULT 0 NOT NULL
);

-- table rollup_nights
CREATE TABLE `rollup_nights` (
	`night` text PRIMARY KEY NOT NULL,
	`room_nights` integer DEFAULT 0 NOT NULL,
	`revenue` integer DEFAULT 0 NOT NULL
);

-- table rollup_reviews
CREATE TABLE `rollup_reviews` (
	`status` text PRIMARY KEY NOT NULL,
	`reviews` integer DEFAULT 0 NOT NULL,
	`stars` integer DEFAULT 0 NOT NULL
);

-- table rollup_service_visit_days
CREATE TABLE `rollup_service_visit_days` (
	`visit_date` text NOT NULL,
	`service_name` text NOT NULL,
	`visits` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`visit_date`, `service_name`)
);

-- table rollup_service_visits
CREATE TABLE `rollup_service_visits` (
	`service_name` text NOT NULL,
	`service_category` text NOT NULL,
	`visits` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`service_name`, `service_category`)
);

-- table rollup_site_visit_days
CREATE TABLE `rollup_site_visit_days` (
	`visit_date` text PRIMARY KEY NOT NULL,
	`visits` integer DEFAULT 0 NOT NULL
);

-- table room_bed_inventory
CREATE TABLE `room_bed_inventory` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`room_type` text NOT NULL,
	`bed_type` text NOT NULL,
	`total_count` integer DEFAULT 0 NOT NULL,
	`max_capacity` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "room_bed_inventory_bounds_check" CHECK("room_bed_inventory"."total_count" between 0 and "room_bed_inventory"."max_capacity")
);

-- table room_blocks
CREATE TABLE `room_blocks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`room_id` integer NOT NULL,
	`from_date` text NOT NULL,
	`to_date` text NOT NULL,
	`reason` text NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`room_id`) REFERENCES `hotel_rooms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "room_blocks_dates_check" CHECK("room_blocks"."to_date" > "room_blocks"."from_date")
);

-- table room_inventory
CREATE TABLE `room_inventory` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`room_type` text NOT NULL,
	`total_count` integer DEFAULT 0 NOT NULL,
	`max_capacity` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "room_inventory_bounds_check" CHECK("room_inventory"."total_count" between 0 and "room_inventory"."max_capacity")
);

-- table room_nights
CREATE TABLE `room_nights` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`room_id` integer NOT NULL,
	`night` text NOT NULL,
	`room_type` text NOT NULL,
	`booking_id` integer,
	`block_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`room_id`) REFERENCES `hotel_rooms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`booking_id`) REFERENCES `booking_submissions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`block_id`) REFERENCES `room_blocks`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "room_nights_owner_check" CHECK(("room_nights"."booking_id" is null) <> ("room_nights"."block_id" is null))
);

-- table room_smoking_inventory
CREATE TABLE `room_smoking_inventory` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`room_type` text NOT NULL,
	`smoking_type` text NOT NULL,
	`total_count` integer DEFAULT 0 NOT NULL,
	`max_capacity` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "room_smoking_inventory_bounds_check" CHECK("room_smoking_inventory"."total_count" between 0 and "room_smoking_inventory"."max_capacity")
);

-- table rooms
CREATE TABLE `rooms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`room_type` text NOT NULL,
	`name` text NOT NULL,
	`name_ar` text NOT NULL,
	`description` text NOT NULL,
	`description_ar` text NOT NULL,
	`price_per_night` integer NOT NULL,
	`original_price` integer NOT NULL,
	`max_guests` integer DEFAULT 2 NOT NULL,
	`amenities` text DEFAULT '[]' NOT NULL,
	`image_url` text,
	`available` integer DEFAULT true NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL, `base_occupancy` integer DEFAULT 2 NOT NULL, `max_adults` integer DEFAULT 2 NOT NULL, `max_children` integer DEFAULT 0 NOT NULL, `extra_beds` integer DEFAULT 0 NOT NULL, `bed_types` text DEFAULT '["double"]' NOT NULL, `smoking_options` text DEFAULT '["non_smoking"]' NOT NULL, `size_m2` integer, `points_per_stay` integer DEFAULT 0 NOT NULL, `free_night_points` integer, `vip_eligible` integer DEFAULT true NOT NULL, `room_count` integer DEFAULT 0 NOT NULL, `listed_rooms` integer DEFAULT 0 NOT NULL, `low_stock_red` integer DEFAULT 1 NOT NULL, `low_stock_yellow` integer DEFAULT 2 NOT NULL, `extra_guest_price_baisa` integer CONSTRAINT "rooms_extra_guest_price_check" CHECK (`extra_guest_price_baisa` BETWEEN 0 AND 10000000),
	CONSTRAINT "rooms_price_check" CHECK("rooms"."price_per_night" >= 0 and "rooms"."original_price" >= 0)
);

-- table service_visits
CREATE TABLE `service_visits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`service_name` text NOT NULL,
	`service_category` text NOT NULL,
	`ip_address` text,
	`visit_date` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
, `visitor_hash` text);

-- table services
CREATE TABLE `services` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`category` text NOT NULL,
	`name_ar` text NOT NULL,
	`name_en` text NOT NULL,
	`description_ar` text NOT NULL,
	`description_en` text NOT NULL,
	`distance_meters` integer,
	`walk_minutes` integer,
	`menu_images` text DEFAULT '[]' NOT NULL,
	`contact` text DEFAULT '{}' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);

-- table sessions
CREATE TABLE `sessions` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`stats_access_until` integer,
	`user_agent` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL, `user_full_name` text, `user_email` text, `user_role` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);

-- table site_settings
CREATE TABLE `site_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`site_name` text NOT NULL,
	`site_name_ar` text NOT NULL,
	`site_description` text NOT NULL,
	`site_description_ar` text NOT NULL,
	`contact_phone` text NOT NULL,
	`contact_email` text NOT NULL,
	`whatsapp_number` text NOT NULL,
	`address` text NOT NULL,
	`address_ar` text NOT NULL,
	`maintenance_mode` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
, `map_url` text DEFAULT '' NOT NULL, `social_links` text DEFAULT '[]' NOT NULL, `check_in_time` text DEFAULT '14:00' NOT NULL, `check_out_time` text DEFAULT '12:00' NOT NULL, `updated_by_user_id` integer REFERENCES `users`(`id`), `hero_media_id` integer REFERENCES `media`(`id`) ON DELETE SET NULL, `booking_alert_email` text DEFAULT '' NOT NULL, `free_cancellation_hours` integer DEFAULT 24 NOT NULL, `cancellation_policy` text DEFAULT '' NOT NULL, `cancellation_policy_ar` text DEFAULT '' NOT NULL, `online_check_in_hours` integer DEFAULT 72 NOT NULL, `id_retention_days` integer DEFAULT 30 NOT NULL);

-- table site_visits
CREATE TABLE `site_visits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ip_address` text,
	`user_agent` text,
	`visit_date` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
, `visitor_hash` text);

-- table staff_alert_reads
CREATE TABLE `staff_alert_reads` (
	`user_id` integer NOT NULL,
	`alert_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `alert_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`alert_id`) REFERENCES `staff_alerts`(`id`) ON UPDATE no action ON DELETE cascade
);

-- table staff_alert_watermarks
CREATE TABLE `staff_alert_watermarks` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`read_through_at` integer NOT NULL,
	`read_through_id` integer NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);

-- table staff_alerts
CREATE TABLE `staff_alerts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`booking_id` integer,
	`entry_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
, `stay_request_id` integer, `reason` text);

-- table stay_companions
CREATE TABLE `stay_companions` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `booking_id` integer NOT NULL REFERENCES `booking_submissions`(`id`) ON DELETE CASCADE,
  `full_name` text NOT NULL,
  `nationality` text,
  `document_type` text,
  `document_number` text,
  `date_of_birth` text,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "stay_companions_document_type_check" CHECK (`document_type` IS NULL OR `document_type` IN ('passport', 'national_id', 'resident_card'))
);

-- table stay_registrations
CREATE TABLE `stay_registrations` (
  `booking_id` integer PRIMARY KEY NOT NULL REFERENCES `booking_submissions`(`id`) ON DELETE CASCADE,
  `state` text DEFAULT 'due' NOT NULL,
  `due_date` text NOT NULL,
  `sent_at` integer,
  `sent_by` integer REFERENCES `users`(`id`) ON DELETE SET NULL,
  `failed_reason` text,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "stay_registrations_state_check" CHECK (`state` IN ('due', 'sent', 'failed', 'corrected'))
);

-- table stay_requests
CREATE TABLE `stay_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`type` text NOT NULL,
	`note` text,
	`requested_time` text,
	`status` text DEFAULT 'new' NOT NULL,
	`staff_note` text,
	`handled_by` integer,
	`done_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `booking_submissions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`handled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "stay_requests_type_check" CHECK("stay_requests"."type" in ('towels', 'cleaning', 'late_checkout', 'maintenance', 'other')),
	CONSTRAINT "stay_requests_status_check" CHECK("stay_requests"."status" in ('new', 'in_progress', 'done', 'declined'))
);

-- table tax_settings
CREATE TABLE `tax_settings` (
  `id` integer PRIMARY KEY NOT NULL,
  `prices_include_taxes` integer DEFAULT true NOT NULL,
  `supplier_name_ar` text DEFAULT '' NOT NULL,
  `supplier_name_en` text DEFAULT '' NOT NULL,
  `supplier_address_ar` text DEFAULT '' NOT NULL,
  `supplier_address_en` text DEFAULT '' NOT NULL,
  `vat_number` text DEFAULT '' NOT NULL,
  `commercial_registration` text DEFAULT '' NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "tax_settings_single_check" CHECK (`id` = 1)
);

-- table taxes
CREATE TABLE `taxes` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `code` text NOT NULL,
  `name_ar` text NOT NULL,
  `name_en` text NOT NULL,
  `rate_bp` integer NOT NULL,
  `departments` text NOT NULL,
  `on_earlier_taxes` integer DEFAULT false NOT NULL,
  `active` integer DEFAULT true NOT NULL,
  `effective_from` text NOT NULL,
  `sort_order` integer DEFAULT 0 NOT NULL,
  CONSTRAINT "taxes_rate_check" CHECK (`rate_bp` BETWEEN 0 AND 10000)
);

-- table user_phones
CREATE TABLE `user_phones` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
	`phone_number` text NOT NULL,
	`verified_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);

-- table user_points
CREATE TABLE `user_points` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_email` text NOT NULL,
	`total_points` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "user_points_non_negative_check" CHECK("user_points"."total_points" >= 0)
);

-- table users
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`full_name` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text,
	`role` text DEFAULT 'guest' NOT NULL,
	`is_verified` integer DEFAULT false NOT NULL,
	`is_disabled` integer DEFAULT false NOT NULL,
	`google_sub` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL, `registration_attempt_hash` text,
	CONSTRAINT "users_role_check" CHECK("users"."role" in ('guest', 'outlet', 'housekeeper', 'maintenance', 'staff', 'manager', 'admin'))
);

-- table vip_beneficiaries
CREATE TABLE `vip_beneficiaries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`full_name` text NOT NULL,
	`phone_number` text NOT NULL,
	`civil_id` text NOT NULL,
	`card_type` text NOT NULL,
	`start_date` text NOT NULL,
	`expiry_date` text NOT NULL,
	`coffees_used` integer DEFAULT 0 NOT NULL,
	`free_nights_used` integer DEFAULT 0 NOT NULL,
	`last_coffee_at` integer,
	`created_by_user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL, `change_token` text,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "vip_beneficiaries_usage_check" CHECK("vip_beneficiaries"."coffees_used" >= 0 and "vip_beneficiaries"."free_nights_used" >= 0)
);

-- table vip_card_types
CREATE TABLE `vip_card_types` (
	`id` text PRIMARY KEY NOT NULL,
	`name_ar` text NOT NULL,
	`name_en` text NOT NULL,
	`price` integer NOT NULL,
	`total_rooms` integer NOT NULL,
	`free_coffees` integer NOT NULL,
	`free_nights` integer NOT NULL,
	`discounts` text NOT NULL,
	`is_most_popular` integer DEFAULT false NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);

-- table vip_usages
CREATE TABLE `vip_usages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`beneficiary_id` integer NOT NULL,
	`kind` text NOT NULL,
	`staff_user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`beneficiary_id`) REFERENCES `vip_beneficiaries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`staff_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);

-- table whatsapp_consents
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

-- table whatsapp_messages
CREATE TABLE "whatsapp_messages" (
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
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL, `receipt` text,
  CONSTRAINT "whatsapp_messages_direction_check" CHECK(`direction` in ('in', 'out')),
  CONSTRAINT "whatsapp_messages_kind_check" CHECK(`kind` in ('text', 'image', 'audio', 'video', 'document', 'sticker', 'location', 'contacts', 'button', 'interactive', 'reaction', 'system', 'unsupported', 'template')),
  CONSTRAINT "whatsapp_messages_status_check" CHECK(`status` in ('received', 'accepted', 'sent', 'delivered', 'read', 'failed')),
  CONSTRAINT "whatsapp_messages_media_state_check" CHECK(`media_state` in ('pending', 'stored', 'failed'))
);

-- table whatsapp_outbox
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

-- table whatsapp_status_events
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

-- table whatsapp_templates
CREATE TABLE "whatsapp_templates" (
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
  `parameter_format` text DEFAULT 'POSITIONAL' NOT NULL,
  `components` text DEFAULT '[]' NOT NULL,
  `fields` text DEFAULT '[]' NOT NULL,
  CONSTRAINT "whatsapp_templates_language_check" CHECK(substr(`language`, 1, 2) in ('ar', 'en')),
  CONSTRAINT "whatsapp_templates_parameter_format_check" CHECK(`parameter_format` in ('POSITIONAL', 'NAMED'))
);

-- table work_orders
CREATE TABLE `work_orders` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `room_id` integer REFERENCES `hotel_rooms`(`id`) ON DELETE set null,
  `area` text,
  `note` text NOT NULL,
  `priority` text DEFAULT 'normal' NOT NULL,
  `status` text DEFAULT 'open' NOT NULL,
  `room_state` text DEFAULT 'none' NOT NULL,
  `out_of_order_from` text,
  `out_of_order_to` text,
  `block_id` integer REFERENCES `room_blocks`(`id`) ON DELETE set null,
  `photo_key` text,
  `photo_type` text,
  `photo_bytes` integer,
  `reported_by` integer REFERENCES `users`(`id`) ON DELETE set null,
  `taken_by` integer REFERENCES `users`(`id`) ON DELETE set null,
  `taken_at` integer,
  `closed_by` integer REFERENCES `users`(`id`) ON DELETE set null,
  `closed_at` integer,
  `resolution` text,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "work_orders_priority_check" CHECK(`priority` in ('low', 'normal', 'high', 'urgent')),
  CONSTRAINT "work_orders_status_check" CHECK(`status` in ('open', 'taken', 'closed')),
  CONSTRAINT "work_orders_room_state_check" CHECK(`room_state` in ('none', 'out_of_order', 'out_of_service')),
  CONSTRAINT "work_orders_place_check" CHECK((`room_id` is not null) or (`area` is not null)),
  CONSTRAINT "work_orders_room_state_room_check" CHECK(`room_state` = 'none' or `room_id` is not null),
  CONSTRAINT "work_orders_taken_check" CHECK(`status` = 'open' or `taken_at` is not null),
  CONSTRAINT "work_orders_closed_check" CHECK((`status` = 'closed') = (`closed_at` is not null))
);

-- index accounting_accounts_updated_by_idx
CREATE INDEX `accounting_accounts_updated_by_idx` ON `accounting_accounts` (`updated_by`) WHERE "accounting_accounts"."updated_by" is not null;

-- index audit_log_actor_user_id_idx
CREATE INDEX `audit_log_actor_user_id_idx` ON `audit_log` (`actor_user_id`) WHERE `actor_user_id` IS NOT NULL;

-- index audit_log_created_at_idx
CREATE INDEX `audit_log_created_at_idx` ON `audit_log` (`created_at`);

-- index audit_log_entity_idx
CREATE INDEX `audit_log_entity_idx` ON `audit_log` (`entity_type`,`entity_id`);

-- index booking_nights_booking_id_night_idx
CREATE UNIQUE INDEX `booking_nights_booking_id_night_idx` ON `booking_nights` (`booking_id`,`night`);

-- index booking_nights_group_idx
CREATE INDEX `booking_nights_group_idx` ON `booking_nights` (`group_id`, `room_type`, `night`) WHERE `group_id` IS NOT NULL;

-- index booking_nights_room_type_bed_type_night_idx
CREATE INDEX `booking_nights_room_type_bed_type_night_idx` ON `booking_nights` (`room_type`,`bed_type`,`night`);

-- index booking_nights_room_type_night_idx
CREATE INDEX `booking_nights_room_type_night_idx` ON `booking_nights` (`room_type`,`night`);

-- index booking_nights_room_type_smoking_type_night_idx
CREATE INDEX `booking_nights_room_type_smoking_type_night_idx` ON `booking_nights` (`room_type`,`smoking_type`,`night`);

-- index booking_submissions_channel_booking_idx
CREATE UNIQUE INDEX `booking_submissions_channel_booking_idx` ON `booking_submissions` (`channel_booking_id`, `channel_room_id`) WHERE `channel_booking_id` IS NOT NULL;

-- index booking_submissions_channel_flag_idx
CREATE INDEX `booking_submissions_channel_flag_idx` ON `booking_submissions` (`check_in_date`)
  WHERE `channel_flag` IS NOT NULL AND `status` IN ('pending', 'approved', 'confirmed');

-- index booking_submissions_channel_flag_new_idx
CREATE INDEX `booking_submissions_channel_flag_new_idx` ON `booking_submissions` (`created_at`) WHERE `channel_flag` IS NOT NULL;

-- index booking_submissions_check_in_idx
CREATE INDEX `booking_submissions_check_in_idx` ON `booking_submissions` (`check_in_date`,`check_out_date`);

-- index booking_submissions_check_out_idx
CREATE INDEX `booking_submissions_check_out_idx` ON `booking_submissions` (`check_out_date`,`status`);

-- index booking_submissions_checked_in_at_idx
CREATE INDEX `booking_submissions_checked_in_at_idx` ON `booking_submissions` (`checked_in_at`) WHERE `checked_in_at` IS NOT NULL;

-- index booking_submissions_checked_in_by_idx
CREATE INDEX `booking_submissions_checked_in_by_idx` ON `booking_submissions` (`checked_in_by`) WHERE `checked_in_by` IS NOT NULL;

-- index booking_submissions_checked_out_at_idx
CREATE INDEX `booking_submissions_checked_out_at_idx` ON `booking_submissions` (`checked_out_at`)
  WHERE `checked_out_at` IS NOT NULL;

-- index booking_submissions_checked_out_by_idx
CREATE INDEX `booking_submissions_checked_out_by_idx` ON `booking_submissions` (`checked_out_by`) WHERE `checked_out_by` IS NOT NULL;

-- index booking_submissions_company_idx
CREATE INDEX `booking_submissions_company_idx` ON `booking_submissions` (`company_id`) WHERE `company_id` IS NOT NULL;

-- index booking_submissions_created_at_idx
CREATE INDEX `booking_submissions_created_at_idx` ON `booking_submissions` (`created_at`);

-- index booking_submissions_created_by_staff_id_idx
CREATE INDEX `booking_submissions_created_by_staff_id_idx` ON `booking_submissions` (`created_by_staff_id`) WHERE `created_by_staff_id` IS NOT NULL;

-- index booking_submissions_group_idx
CREATE INDEX `booking_submissions_group_idx` ON `booking_submissions` (`group_id`) WHERE `group_id` IS NOT NULL;

-- index booking_submissions_id_document_key_idx
CREATE INDEX `booking_submissions_id_document_key_idx` ON `booking_submissions` (`id_document_key`);

-- index booking_submissions_id_retention_idx
CREATE INDEX `booking_submissions_id_retention_idx` ON `booking_submissions` (`check_out_date`) WHERE `id_data_purged_at` IS NULL;

-- index booking_submissions_in_house_idx
CREATE INDEX `booking_submissions_in_house_idx` ON `booking_submissions` (`check_in_date`)
  WHERE `checked_in_at` IS NOT NULL AND `checked_out_at` IS NULL;

-- index booking_submissions_in_house_room_idx
CREATE INDEX `booking_submissions_in_house_room_idx` ON `booking_submissions` (`room_id`)
  WHERE `checked_in_at` IS NOT NULL AND `checked_out_at` IS NULL;

-- index booking_submissions_pending_client_idx
CREATE INDEX `booking_submissions_pending_client_idx` ON `booking_submissions` (`client_hash`) WHERE `status` = 'pending';

-- index booking_submissions_pending_phone_idx
CREATE INDEX `booking_submissions_pending_phone_idx` ON `booking_submissions` (`phone_number`) WHERE `status` = 'pending';

-- index booking_submissions_phone_number_idx
CREATE INDEX `booking_submissions_phone_number_idx` ON `booking_submissions` (`phone_number`);

-- index booking_submissions_profile_id_idx
CREATE INDEX `booking_submissions_profile_id_idx` ON `booking_submissions` (`profile_id`) WHERE `profile_id` IS NOT NULL;

-- index booking_submissions_reference_idx
CREATE UNIQUE INDEX `booking_submissions_reference_idx` ON `booking_submissions` (`reference`);

-- index booking_submissions_status_idx
CREATE INDEX `booking_submissions_status_idx` ON `booking_submissions` (`status`,`created_at`);

-- index booking_submissions_status_room_type_idx
CREATE INDEX `booking_submissions_status_room_type_idx` ON `booking_submissions` (`status`,`room_type`);

-- index booking_submissions_status_updated_at_idx
CREATE INDEX `booking_submissions_status_updated_at_idx` ON `booking_submissions` (`status`,`updated_at`);

-- index booking_submissions_stay_idx
CREATE INDEX `booking_submissions_stay_idx` ON `booking_submissions` (`status`,`check_out_date`,`check_in_date`,`is_points_booking`,`total_price`);

-- index booking_submissions_travel_agent_idx
CREATE INDEX `booking_submissions_travel_agent_idx` ON `booking_submissions` (`travel_agent_id`, `check_in_date`) WHERE `travel_agent_id` IS NOT NULL;

-- index booking_submissions_unarrived_idx
CREATE INDEX `booking_submissions_unarrived_idx` ON `booking_submissions` (`check_in_date`)
  WHERE `checked_in_at` IS NULL AND `status` IN ('approved', 'confirmed');

-- index booking_submissions_user_id_idx
CREATE INDEX `booking_submissions_user_id_idx` ON `booking_submissions` (`user_id`);

-- index channel_outbox_key_idx
CREATE UNIQUE INDEX `channel_outbox_key_idx` ON `channel_outbox` (`kind`, `room_type`, `night`);

-- index channel_revisions_booking_idx
CREATE INDEX `channel_revisions_booking_idx` ON `channel_revisions` (`booking_id`) WHERE `booking_id` IS NOT NULL;

-- index channel_revisions_channel_booking_idx
CREATE INDEX `channel_revisions_channel_booking_idx` ON `channel_revisions` (`channel_booking_id`, `revised_at`);

-- index channel_revisions_received_idx
CREATE INDEX `channel_revisions_received_idx` ON `channel_revisions` (`received_at`);

-- index channel_revisions_unacked_idx
CREATE INDEX `channel_revisions_unacked_idx` ON `channel_revisions` (`received_at`) WHERE `acked_at` IS NULL;

-- index chat_booking_sessions_session_id_idx
CREATE UNIQUE INDEX `chat_booking_sessions_session_id_idx` ON `chat_booking_sessions` (`session_id`);

-- index chat_booking_sessions_updated_at_idx
CREATE INDEX `chat_booking_sessions_updated_at_idx` ON `chat_booking_sessions` (`updated_at`);

-- index chat_booking_sessions_user_id_idx
CREATE INDEX `chat_booking_sessions_user_id_idx` ON `chat_booking_sessions` (`user_id`) WHERE `user_id` IS NOT NULL;

-- index chat_messages_session_id_idx
CREATE INDEX `chat_messages_session_id_idx` ON `chat_messages` (`session_id`,`timestamp`);

-- index chat_messages_timestamp_idx
CREATE INDEX `chat_messages_timestamp_idx` ON `chat_messages` (`timestamp`);

-- index city_ledger_payments_account_idx
CREATE INDEX `city_ledger_payments_account_idx` ON `city_ledger_payments` (`account_id`, `id`);

-- index city_ledger_payments_business_date_idx
CREATE INDEX `city_ledger_payments_business_date_idx` ON `city_ledger_payments` (`business_date`);

-- index city_ledger_payments_created_by_idx
CREATE INDEX `city_ledger_payments_created_by_idx` ON `city_ledger_payments` (`created_by`) WHERE `created_by` IS NOT NULL;

-- index conversation_messages_author_user_id_idx
CREATE INDEX `conversation_messages_author_user_id_idx` ON `conversation_messages` (`author_user_id`) WHERE `author_user_id` IS NOT NULL;

-- index conversation_messages_booking_id_idx
CREATE INDEX `conversation_messages_booking_id_idx` ON `conversation_messages` (`booking_id`) WHERE `booking_id` IS NOT NULL;

-- index conversation_messages_provider_id_idx
CREATE UNIQUE INDEX `conversation_messages_provider_id_idx` ON `conversation_messages` (`provider_message_id`) WHERE `provider_message_id` IS NOT NULL;

-- index conversation_messages_thread_idx
CREATE INDEX `conversation_messages_thread_idx` ON `conversation_messages` (`thread_id`, `id`);

-- index conversation_saved_replies_created_by_idx
CREATE INDEX `conversation_saved_replies_created_by_idx` ON `conversation_saved_replies` (`created_by`) WHERE `created_by` IS NOT NULL;

-- index conversation_threads_assigned_last_message_idx
CREATE INDEX `conversation_threads_assigned_last_message_idx` ON `conversation_threads` (`assigned_to`, `last_message_at`, `id`);

-- index conversation_threads_booking_id_idx
CREATE UNIQUE INDEX `conversation_threads_booking_id_idx` ON `conversation_threads` (`booking_id`) WHERE `booking_id` IS NOT NULL;

-- index conversation_threads_last_message_idx
CREATE INDEX `conversation_threads_last_message_idx` ON `conversation_threads` (`last_message_at`, `id`);

-- index conversation_threads_phone_idx
CREATE INDEX `conversation_threads_phone_idx` ON `conversation_threads` (`phone`) WHERE `phone` IS NOT NULL;

-- index conversation_threads_phone_only_idx
CREATE UNIQUE INDEX `conversation_threads_phone_only_idx` ON `conversation_threads` (`phone`) WHERE `user_id` IS NULL AND `profile_id` IS NULL AND `booking_id` IS NULL;

-- index conversation_threads_profile_id_idx
CREATE UNIQUE INDEX `conversation_threads_profile_id_idx` ON `conversation_threads` (`profile_id`) WHERE `profile_id` IS NOT NULL AND `booking_id` IS NULL;

-- index conversation_threads_status_last_message_idx
CREATE INDEX `conversation_threads_status_last_message_idx` ON `conversation_threads` (`status`, `last_message_at`, `id`);

-- index conversation_threads_user_id_idx
CREATE UNIQUE INDEX `conversation_threads_user_id_idx` ON `conversation_threads` (`user_id`) WHERE `user_id` IS NOT NULL;

-- index custom_chat_qa_is_active_idx
CREATE INDEX `custom_chat_qa_is_active_idx` ON `custom_chat_qa` (`is_active`);

-- index day_close_companion_nights_booking_idx
CREATE INDEX `day_close_companion_nights_booking_idx` ON `day_close_companion_nights` (`booking_id`);

-- index day_close_guest_nights_booking_idx
CREATE INDEX `day_close_guest_nights_booking_idx` ON `day_close_guest_nights` (`booking_id`);

-- index dev_mailbox_to_idx
CREATE INDEX `dev_mailbox_to_idx` ON `dev_mailbox` (`to`,`created_at`);

-- index dev_messages_to_idx
CREATE INDEX `dev_messages_to_idx` ON `dev_messages` (`to`,`created_at`);

-- index email_codes_user_id_idx
CREATE INDEX `email_codes_user_id_idx` ON `email_codes` (`user_id`,`purpose`);

-- index email_outbox_due_idx
CREATE INDEX `email_outbox_due_idx` ON `email_outbox` (`status`,`next_attempt_at`);

-- index email_outbox_recipient_idx
CREATE INDEX `email_outbox_recipient_idx` ON `email_outbox` (`recipient`);

-- index event_images_r2_key_idx
CREATE UNIQUE INDEX `event_images_r2_key_idx` ON `event_images` (`r2_key`);

-- index event_images_submission_idx
CREATE INDEX `event_images_submission_idx` ON `event_images` (`event_type`,`submission_id`);

-- index events_slug_idx
CREATE UNIQUE INDEX `events_slug_idx` ON `events` (`slug`);

-- index extra_offers_shown_date_idx
CREATE INDEX `extra_offers_shown_date_idx` ON `extra_offers_shown` (`shown_date`);

-- index extra_purchases_booking_idx
CREATE INDEX `extra_purchases_booking_idx` ON `extra_purchases` (`booking_id`);

-- index extra_purchases_cap_idx
CREATE INDEX `extra_purchases_cap_idx` ON `extra_purchases` (`extra_id`,`service_date`) WHERE "extra_purchases"."status" in ('requested', 'confirmed');

-- index extra_purchases_created_at_idx
CREATE INDEX `extra_purchases_created_at_idx` ON `extra_purchases` (`created_at`);

-- index extra_purchases_created_by_idx
CREATE INDEX `extra_purchases_created_by_idx` ON `extra_purchases` (`created_by`) WHERE "extra_purchases"."created_by" is not null;

-- index extra_purchases_decided_by_idx
CREATE INDEX `extra_purchases_decided_by_idx` ON `extra_purchases` (`decided_by`) WHERE "extra_purchases"."decided_by" is not null;

-- index extra_purchases_once_idx
CREATE UNIQUE INDEX `extra_purchases_once_idx` ON `extra_purchases` (`booking_id`,`extra_id`) WHERE "extra_purchases"."status" in ('requested', 'confirmed') and "extra_purchases"."kind" in ('upgrade', 'early_check_in', 'late_check_out', 'breakfast');

-- index extra_purchases_requested_idx
CREATE INDEX `extra_purchases_requested_idx` ON `extra_purchases` (`service_date`) WHERE "extra_purchases"."status" = 'requested';

-- index extra_purchases_token_idx
CREATE UNIQUE INDEX `extra_purchases_token_idx` ON `extra_purchases` (`token`);

-- index extras_active_idx
CREATE INDEX `extras_active_idx` ON `extras` (`kind`) WHERE "extras"."active" = 1 and "extras"."deleted_at" is null;

-- index fake_channex_calls_kind_at_idx
CREATE INDEX `fake_channex_calls_kind_at_idx` ON `fake_channex_calls` (`kind`, `at`);

-- index fake_channex_revisions_id_unique
CREATE UNIQUE INDEX `fake_channex_revisions_id_unique` ON `fake_channex_revisions` (`id`);

-- index fake_channex_revisions_unacked_idx
CREATE INDEX `fake_channex_revisions_unacked_idx` ON `fake_channex_revisions` (`seq`) WHERE `acked_at` IS NULL;

-- index fake_thawani_payments_invoice_idx
CREATE INDEX `fake_thawani_payments_invoice_idx` ON `fake_thawani_payments` (`checkout_invoice`);

-- index fake_thawani_refunds_payment_idx
CREATE INDEX `fake_thawani_refunds_payment_idx` ON `fake_thawani_refunds` (`payment_id`);

-- index fake_thawani_sessions_invoice_idx
CREATE UNIQUE INDEX `fake_thawani_sessions_invoice_idx` ON `fake_thawani_sessions` (`invoice`);

-- index folio_lines_account_idx
CREATE INDEX `folio_lines_account_idx` ON `folio_lines` (`city_ledger_account_id`, `id`) WHERE `city_ledger_account_id` IS NOT NULL;

-- index folio_lines_booking_idx
CREATE INDEX `folio_lines_booking_idx` ON `folio_lines` (`booking_id`, `id`);

-- index folio_lines_business_date_idx
CREATE INDEX `folio_lines_business_date_idx` ON `folio_lines` (`business_date`);

-- index folio_lines_corrects_idx
CREATE INDEX `folio_lines_corrects_idx` ON `folio_lines` (`corrects_line_id`) WHERE `corrects_line_id` IS NOT NULL;

-- index folio_lines_created_by_idx
CREATE INDEX `folio_lines_created_by_idx` ON `folio_lines` (`created_by`) WHERE `created_by` IS NOT NULL;

-- index folio_lines_extra_purchase_idx
CREATE INDEX `folio_lines_extra_purchase_idx` ON `folio_lines` (`extra_purchase_id`) WHERE "folio_lines"."extra_purchase_id" IS NOT NULL;

-- index folio_lines_group_idx
CREATE INDEX `folio_lines_group_idx` ON `folio_lines` (`group_id`, `id`) WHERE `group_id` IS NOT NULL;

-- index folio_lines_night_idx
CREATE UNIQUE INDEX `folio_lines_night_idx` ON `folio_lines` (`booking_id`, `night`) WHERE `night` IS NOT NULL;

-- index folio_lines_other_charges_idx
CREATE INDEX `folio_lines_other_charges_idx` ON `folio_lines` (`business_date`)
  WHERE `kind` = 'charge' AND `department` = 'other';

-- index folio_lines_outlet_check_idx
CREATE INDEX `folio_lines_outlet_check_idx` ON `folio_lines` (`outlet_check_id`) WHERE "folio_lines"."outlet_check_id" IS NOT NULL;

-- index folio_lines_provider_payment_idx
CREATE UNIQUE INDEX `folio_lines_provider_payment_idx` ON `folio_lines` (`provider_reference`)
  WHERE `provider_reference` IS NOT NULL AND `kind` = 'payment';

-- index folio_lines_provider_refund_idx
CREATE UNIQUE INDEX `folio_lines_provider_refund_idx` ON `folio_lines` (`provider_reference`)
  WHERE `provider_reference` IS NOT NULL AND `kind` = 'refund';

-- index folio_lines_refunds_idx
CREATE INDEX `folio_lines_refunds_idx` ON `folio_lines` (`refunds_line_id`) WHERE `refunds_line_id` IS NOT NULL;

-- index folio_roundings_booking_idx
CREATE INDEX `folio_roundings_booking_idx` ON `folio_roundings` (`booking_id`, `id`);

-- index folio_roundings_business_date_idx
CREATE INDEX `folio_roundings_business_date_idx` ON `folio_roundings` (`business_date`);

-- index folio_roundings_group_idx
CREATE INDEX `folio_roundings_group_idx` ON `folio_roundings` (`group_id`, `id`) WHERE `group_id` IS NOT NULL;

-- index folio_roundings_invoice_idx
CREATE INDEX `folio_roundings_invoice_idx` ON `folio_roundings` (`invoice_id`);

-- index google_review_submissions_decided_by_user_id_idx
CREATE INDEX `google_review_submissions_decided_by_user_id_idx` ON `google_review_submissions` (`decided_by_user_id`) WHERE `decided_by_user_id` IS NOT NULL;

-- index google_review_submissions_participant_phone_idx
CREATE INDEX `google_review_submissions_participant_phone_idx` ON `google_review_submissions` (`participant_phone`);

-- index google_review_submissions_pending_idx
CREATE INDEX `google_review_submissions_pending_idx`
  ON `google_review_submissions` (`submission_date`) WHERE `decided_at` IS NULL;

-- index google_review_submissions_submission_date_idx
CREATE INDEX `google_review_submissions_submission_date_idx` ON `google_review_submissions` (`submission_date`);

-- index google_review_submissions_user_id_idx
CREATE INDEX `google_review_submissions_user_id_idx` ON `google_review_submissions` (`user_id`) WHERE `user_id` IS NOT NULL;

-- index group_block_nights_type_night_idx
CREATE INDEX `group_block_nights_type_night_idx` ON `group_block_nights` (`room_type`, `night`);

-- index group_blocks_release_idx
CREATE INDEX `group_blocks_release_idx` ON `group_blocks` (`release_date`) WHERE `released_at` IS NULL AND `cancelled_at` IS NULL;

-- index guest_profiles_document_key_idx
CREATE INDEX `guest_profiles_document_key_idx` ON `guest_profiles` (`document_key`) WHERE `document_key` IS NOT NULL;

-- index guest_profiles_email_key_idx
CREATE INDEX `guest_profiles_email_key_idx` ON `guest_profiles` (`email_key`) WHERE `email_key` IS NOT NULL;

-- index guest_profiles_name_key_idx
CREATE INDEX `guest_profiles_name_key_idx` ON `guest_profiles` (`name_key`);

-- index guest_profiles_phone_idx
CREATE INDEX `guest_profiles_phone_idx` ON `guest_profiles` (`phone`);

-- index guest_profiles_phone_no_account_idx
CREATE UNIQUE INDEX `guest_profiles_phone_no_account_idx` ON `guest_profiles` (`phone`) WHERE `user_id` IS NULL;

-- index guest_profiles_registration_retention_idx
CREATE INDEX `guest_profiles_registration_retention_idx` ON `guest_profiles` (`last_stay_date`)
  WHERE `nationality` IS NOT NULL OR `date_of_birth` IS NOT NULL OR `document_number` IS NOT NULL;

-- index guest_profiles_user_id_idx
CREATE UNIQUE INDEX `guest_profiles_user_id_idx` ON `guest_profiles` (`user_id`) WHERE `user_id` IS NOT NULL;

-- index hotel_rooms_active_number_idx
CREATE UNIQUE INDEX `hotel_rooms_active_number_idx` ON `hotel_rooms` (`number`) WHERE `retired_at` IS NULL;

-- index hotel_rooms_room_type_idx
CREATE INDEX `hotel_rooms_room_type_idx` ON `hotel_rooms` (`room_type`,`number`);

-- index hotel_rooms_status_changed_by_idx
CREATE INDEX `hotel_rooms_status_changed_by_idx` ON `hotel_rooms` (`status_changed_by`) WHERE `status_changed_by` IS NOT NULL;

-- index housekeeping_days_made_by_idx
CREATE INDEX `housekeeping_days_made_by_idx` ON `housekeeping_days` (`made_by`) WHERE `made_by` IS NOT NULL;

-- index housekeeping_settings_updated_by_idx
CREATE INDEX `housekeeping_settings_updated_by_idx` ON `housekeeping_settings` (`updated_by`) WHERE `updated_by` IS NOT NULL;

-- index housekeeping_tasks_arrival_booking_id_idx
CREATE INDEX `housekeeping_tasks_arrival_booking_id_idx` ON `housekeeping_tasks` (`arrival_booking_id`) WHERE `arrival_booking_id` IS NOT NULL;

-- index housekeeping_tasks_assigned_idx
CREATE INDEX `housekeeping_tasks_assigned_idx` ON `housekeeping_tasks` (`assigned_to`, `date`) WHERE `assigned_to` IS NOT NULL;

-- index housekeeping_tasks_booking_id_idx
CREATE INDEX `housekeeping_tasks_booking_id_idx` ON `housekeeping_tasks` (`booking_id`) WHERE `booking_id` IS NOT NULL;

-- index housekeeping_tasks_day_room_kind_idx
CREATE UNIQUE INDEX `housekeeping_tasks_day_room_kind_idx` ON `housekeeping_tasks` (`date`, `room_id`, `kind`);

-- index housekeeping_tasks_room_id_idx
CREATE INDEX `housekeeping_tasks_room_id_idx` ON `housekeeping_tasks` (`room_id`);

-- index idempotency_keys_scope_key_idx
CREATE UNIQUE INDEX `idempotency_keys_scope_key_idx` ON `idempotency_keys` (`scope`,`key`);

-- index integrity_reports_acknowledged_by_user_id_idx
CREATE INDEX `integrity_reports_acknowledged_by_user_id_idx` ON `integrity_reports` (`acknowledged_by_user_id`) WHERE `acknowledged_by_user_id` IS NOT NULL;

-- index integrity_reports_created_at_idx
CREATE INDEX `integrity_reports_created_at_idx` ON `integrity_reports` (`created_at`);

-- index invoice_lines_invoice_idx
CREATE INDEX `invoice_lines_invoice_idx` ON `invoice_lines` (`invoice_id`);

-- index invoices_booking_idx
CREATE INDEX `invoices_booking_idx` ON `invoices` (`booking_id`, `id`);

-- index invoices_credits_idx
CREATE INDEX `invoices_credits_idx` ON `invoices` (`credits_invoice_id`) WHERE `credits_invoice_id` IS NOT NULL;

-- index invoices_group_idx
CREATE INDEX `invoices_group_idx` ON `invoices` (`group_id`, `id`) WHERE `group_id` IS NOT NULL;

-- index invoices_issue_date_idx
CREATE INDEX `invoices_issue_date_idx` ON `invoices` (`issue_date`, `id`);

-- index invoices_issued_by_idx
CREATE INDEX `invoices_issued_by_idx` ON `invoices` (`issued_by`) WHERE `issued_by` IS NOT NULL;

-- index invoices_number_idx
CREATE UNIQUE INDEX `invoices_number_idx` ON `invoices` (`number`);

-- index invoices_sequence_idx
CREATE UNIQUE INDEX `invoices_sequence_idx` ON `invoices` (`kind`, `year`, `sequence`);

-- index location_sharing_submissions_participant_phone_idx
CREATE INDEX `location_sharing_submissions_participant_phone_idx` ON `location_sharing_submissions` (`participant_phone`);

-- index location_sharing_submissions_submission_date_idx
CREATE INDEX `location_sharing_submissions_submission_date_idx` ON `location_sharing_submissions` (`submission_date`);

-- index location_sharing_submissions_user_id_idx
CREATE INDEX `location_sharing_submissions_user_id_idx` ON `location_sharing_submissions` (`user_id`) WHERE `user_id` IS NOT NULL;

-- index lost_found_items_booking_id_idx
CREATE INDEX `lost_found_items_booking_id_idx` ON `lost_found_items` (`booking_id`) WHERE `booking_id` is not null;

-- index lost_found_items_found_by_idx
CREATE INDEX `lost_found_items_found_by_idx` ON `lost_found_items` (`found_by`) WHERE `found_by` is not null;

-- index lost_found_items_keep_until_idx
CREATE INDEX `lost_found_items_keep_until_idx` ON `lost_found_items` (`keep_until`) WHERE `status` = 'held';

-- index lost_found_items_room_id_idx
CREATE INDEX `lost_found_items_room_id_idx` ON `lost_found_items` (`room_id`, `id`) WHERE `room_id` is not null;

-- index lost_found_items_status_idx
CREATE INDEX `lost_found_items_status_idx` ON `lost_found_items` (`status`, `id`);

-- index lost_found_log_actor_id_idx
CREATE INDEX `lost_found_log_actor_id_idx` ON `lost_found_log` (`actor_id`) WHERE `actor_id` is not null;

-- index lost_found_log_item_id_idx
CREATE INDEX `lost_found_log_item_id_idx` ON `lost_found_log` (`item_id`, `id`);

-- index media_owner_kind_owner_id_position_idx
CREATE INDEX `media_owner_kind_owner_id_position_idx` ON `media` (`owner_kind`,`owner_id`,`position`);

-- index media_upload_key_idx
CREATE UNIQUE INDEX `media_upload_key_idx` ON `media` (`upload_key`);

-- index monthly_participations_month_event_idx
CREATE INDEX `monthly_participations_month_event_idx`
  ON `monthly_participations` (`participation_month`, `event_type`);

-- index monthly_participations_phone_event_month_idx
CREATE UNIQUE INDEX `monthly_participations_phone_event_month_idx` ON `monthly_participations` (`participant_phone`,`event_type`,`participation_month`);

-- index notifications_user_id_idx
CREATE INDEX `notifications_user_id_idx` ON `notifications` (`user_id`,`created_at`);

-- index notifications_user_phone_idx
CREATE INDEX `notifications_user_phone_idx` ON `notifications` (`user_phone`,`created_at`);

-- index notifications_user_unread_idx
CREATE INDEX `notifications_user_unread_idx` ON `notifications` (`user_id`) WHERE `is_read` = 0;

-- index offers_is_active_sort_order_idx
CREATE INDEX `offers_is_active_sort_order_idx` ON `offers` (`is_active`,`sort_order`);

-- index offers_slug_idx
CREATE UNIQUE INDEX `offers_slug_idx` ON `offers` (`slug`);

-- index outlet_check_voids_business_date_idx
CREATE INDEX `outlet_check_voids_business_date_idx` ON `outlet_check_voids` (`business_date`);

-- index outlet_check_voids_created_by_idx
CREATE INDEX `outlet_check_voids_created_by_idx` ON `outlet_check_voids` (`created_by`) WHERE "outlet_check_voids"."created_by" is not null;

-- index outlet_check_voids_credit_note_date_idx
CREATE INDEX `outlet_check_voids_credit_note_date_idx` ON `outlet_check_voids` (json_extract(`credit_note`, '$.issueDate'),`check_id`) WHERE "outlet_check_voids"."credit_note_sequence" is not null;

-- index outlet_check_voids_credit_note_idx
CREATE UNIQUE INDEX `outlet_check_voids_credit_note_idx` ON `outlet_check_voids` (`credit_note_year`,`credit_note_sequence`) WHERE "outlet_check_voids"."credit_note_sequence" is not null;

-- index outlet_checks_booking_idx
CREATE INDEX `outlet_checks_booking_idx` ON `outlet_checks` (`booking_id`) WHERE "outlet_checks"."booking_id" is not null;

-- index outlet_checks_business_date_idx
CREATE INDEX `outlet_checks_business_date_idx` ON `outlet_checks` (`business_date`);

-- index outlet_checks_created_by_idx
CREATE INDEX `outlet_checks_created_by_idx` ON `outlet_checks` (`created_by`) WHERE "outlet_checks"."created_by" is not null;

-- index outlet_checks_invoice_date_idx
CREATE INDEX `outlet_checks_invoice_date_idx` ON `outlet_checks` (json_extract(`invoice`, '$.issueDate'),`id`) WHERE "outlet_checks"."invoice_sequence" is not null;

-- index outlet_checks_invoice_idx
CREATE UNIQUE INDEX `outlet_checks_invoice_idx` ON `outlet_checks` (`invoice_year`,`invoice_sequence`) WHERE "outlet_checks"."invoice_sequence" is not null;

-- index outlet_checks_key_idx
CREATE INDEX `outlet_checks_key_idx` ON `outlet_checks` (`key_id`) WHERE "outlet_checks"."key_id" is not null;

-- index outlet_checks_number_idx
CREATE UNIQUE INDEX `outlet_checks_number_idx` ON `outlet_checks` (`outlet_id`,`source`,`check_number`);

-- index outlet_checks_outlet_idx
CREATE INDEX `outlet_checks_outlet_idx` ON `outlet_checks` (`outlet_id`,`id`);

-- index outlet_checks_token_idx
CREATE UNIQUE INDEX `outlet_checks_token_idx` ON `outlet_checks` (`token`);

-- index outlet_items_outlet_idx
CREATE INDEX `outlet_items_outlet_idx` ON `outlet_items` (`outlet_id`,`id`);

-- index outlet_keys_created_by_idx
CREATE INDEX `outlet_keys_created_by_idx` ON `outlet_keys` (`created_by`) WHERE "outlet_keys"."created_by" is not null;

-- index outlet_keys_hash_idx
CREATE UNIQUE INDEX `outlet_keys_hash_idx` ON `outlet_keys` (`key_hash`);

-- index outlet_keys_outlet_idx
CREATE INDEX `outlet_keys_outlet_idx` ON `outlet_keys` (`outlet_id`,`id`);

-- index outlet_orders_booking_idx
CREATE INDEX `outlet_orders_booking_idx` ON `outlet_orders` (`booking_id`,`id`);

-- index outlet_orders_check_idx
CREATE UNIQUE INDEX `outlet_orders_check_idx` ON `outlet_orders` (`check_id`) WHERE "outlet_orders"."check_id" is not null;

-- index outlet_orders_created_by_idx
CREATE INDEX `outlet_orders_created_by_idx` ON `outlet_orders` (`created_by`) WHERE "outlet_orders"."created_by" is not null;

-- index outlet_orders_decided_by_idx
CREATE INDEX `outlet_orders_decided_by_idx` ON `outlet_orders` (`decided_by`) WHERE "outlet_orders"."decided_by" is not null;

-- index outlet_orders_open_idx
CREATE INDEX `outlet_orders_open_idx` ON `outlet_orders` (`outlet_id`,`id`) WHERE "outlet_orders"."status" = 'sent';

-- index outlet_orders_outlet_idx
CREATE INDEX `outlet_orders_outlet_idx` ON `outlet_orders` (`outlet_id`,`created_at`);

-- index outlet_orders_slot_idx
CREATE INDEX `outlet_orders_slot_idx` ON `outlet_orders` (`outlet_id`,`starts_at`) WHERE "outlet_orders"."seats" > 0 and "outlet_orders"."status" in ('sent', 'accepted');

-- index outlet_orders_token_idx
CREATE UNIQUE INDEX `outlet_orders_token_idx` ON `outlet_orders` (`token`);

-- index outlet_staff_user_idx
CREATE INDEX `outlet_staff_user_idx` ON `outlet_staff` (`user_id`);

-- index payment_events_applied_idx
CREATE UNIQUE INDEX `payment_events_applied_idx` ON `payment_events` (`provider`, `event_id`) WHERE `outcome` = 'applied';

-- index payment_events_received_idx
CREATE INDEX `payment_events_received_idx` ON `payment_events` (`received_at`);

-- index payment_events_refused_idx
CREATE INDEX `payment_events_refused_idx` ON `payment_events` (`received_at`) WHERE `outcome` = 'refused';

-- index payment_events_session_idx
CREATE INDEX `payment_events_session_idx` ON `payment_events` (`session_id`) WHERE `session_id` IS NOT NULL;

-- index payment_refunds_booking_idx
CREATE INDEX `payment_refunds_booking_idx` ON `payment_refunds` (`booking_id`, `id`);

-- index payment_refunds_open_idx
CREATE INDEX `payment_refunds_open_idx` ON `payment_refunds` (`created_at`) WHERE `status` IN ('requested', 'sending', 'sent');

-- index payment_refunds_payment_idx
CREATE INDEX `payment_refunds_payment_idx` ON `payment_refunds` (`payment_line_id`);

-- index payment_refunds_provider_idx
CREATE UNIQUE INDEX `payment_refunds_provider_idx` ON `payment_refunds` (`provider_refund_id`) WHERE `provider_refund_id` IS NOT NULL;

-- index payment_refunds_refund_line_idx
CREATE INDEX `payment_refunds_refund_line_idx` ON `payment_refunds` (`refund_line_id`);

-- index payment_refunds_requested_by_idx
CREATE INDEX `payment_refunds_requested_by_idx` ON `payment_refunds` (`requested_by`) WHERE `requested_by` IS NOT NULL;

-- index payment_sessions_booking_idx
CREATE INDEX `payment_sessions_booking_idx` ON `payment_sessions` (`booking_id`, `id`);

-- index payment_sessions_created_by_idx
CREATE INDEX `payment_sessions_created_by_idx` ON `payment_sessions` (`created_by`) WHERE `created_by` IS NOT NULL;

-- index payment_sessions_created_idx
CREATE INDEX `payment_sessions_created_idx` ON `payment_sessions` (`created_at`);

-- index payment_sessions_open_idx
CREATE INDEX `payment_sessions_open_idx` ON `payment_sessions` (`created_at`) WHERE `status` = 'open';

-- index payment_sessions_payment_line_idx
CREATE INDEX `payment_sessions_payment_line_idx` ON `payment_sessions` (`payment_line_id`);

-- index payment_sessions_provider_idx
CREATE UNIQUE INDEX `payment_sessions_provider_idx` ON `payment_sessions` (`provider`, `provider_session_id`);

-- index payment_sessions_status_idx
CREATE INDEX `payment_sessions_status_idx` ON `payment_sessions` (`status`, `created_at`);

-- index phone_verification_requests_phone_number_idx
CREATE INDEX `phone_verification_requests_phone_number_idx` ON `phone_verification_requests` (`phone_number`);

-- index photography_submissions_decided_by_user_id_idx
CREATE INDEX `photography_submissions_decided_by_user_id_idx` ON `photography_submissions` (`decided_by_user_id`) WHERE `decided_by_user_id` IS NOT NULL;

-- index photography_submissions_participant_phone_idx
CREATE INDEX `photography_submissions_participant_phone_idx` ON `photography_submissions` (`participant_phone`);

-- index photography_submissions_pending_idx
CREATE INDEX `photography_submissions_pending_idx`
  ON `photography_submissions` (`submission_date`) WHERE `decided_at` IS NULL;

-- index photography_submissions_submission_date_idx
CREATE INDEX `photography_submissions_submission_date_idx` ON `photography_submissions` (`submission_date`);

-- index photography_submissions_user_id_idx
CREATE INDEX `photography_submissions_user_id_idx` ON `photography_submissions` (`user_id`) WHERE `user_id` IS NOT NULL;

-- index point_transactions_booking_id_kind_idx
CREATE UNIQUE INDEX `point_transactions_booking_id_kind_idx` ON `point_transactions` (`booking_id`,`kind`) WHERE "point_transactions"."booking_id" is not null and "point_transactions"."kind" in ('earn', 'reversal', 'redeem');

-- index point_transactions_user_email_idx
CREATE INDEX `point_transactions_user_email_idx` ON `point_transactions` (`user_email`,`created_at`);

-- index push_outbox_due_idx
CREATE INDEX `push_outbox_due_idx` ON `push_outbox` (`next_attempt_at`) WHERE "push_outbox"."state" = 'pending';

-- index push_outbox_subscription_id_idx
CREATE INDEX `push_outbox_subscription_id_idx` ON `push_outbox` (`subscription_id`);

-- index push_subscriptions_device_id_idx
CREATE INDEX `push_subscriptions_device_id_idx` ON `push_subscriptions` (`device_id`);

-- index push_subscriptions_endpoint_idx
CREATE UNIQUE INDEX `push_subscriptions_endpoint_idx` ON `push_subscriptions` (`endpoint`);

-- index push_subscriptions_staff_idx
CREATE INDEX `push_subscriptions_staff_idx` ON `push_subscriptions` (`role`) WHERE "push_subscriptions"."role" <> 'guest';

-- index push_subscriptions_user_id_idx
CREATE INDEX `push_subscriptions_user_id_idx` ON `push_subscriptions` (`user_id`);

-- index rate_limits_key_window_idx
CREATE UNIQUE INDEX `rate_limits_key_window_idx` ON `rate_limits` (`key`,`window_start`);

-- index rate_plans_active_name_ar_idx
CREATE UNIQUE INDEX `rate_plans_active_name_ar_idx` ON `rate_plans` (lower(replace(`name_ar`, ' ', '')))
  WHERE `active` = 1;

-- index rate_plans_active_name_en_idx
CREATE UNIQUE INDEX `rate_plans_active_name_en_idx` ON `rate_plans` (lower(replace(`name_en`, ' ', '')))
  WHERE `active` = 1;

-- index revenue_autopilot_runs_close_date_idx
CREATE UNIQUE INDEX `revenue_autopilot_runs_close_date_idx` ON `revenue_autopilot_runs` (`close_date`);

-- index revenue_events_computed_key_idx
CREATE UNIQUE INDEX `revenue_events_computed_key_idx` ON `revenue_events` (`computed_key`) WHERE "revenue_events"."computed_key" is not null;

-- index revenue_events_from_idx
CREATE INDEX `revenue_events_from_idx` ON `revenue_events` (`from_date`);

-- index revenue_history_arrival_idx
CREATE INDEX `revenue_history_arrival_idx` ON `revenue_history` (`arrival`,`departure`);

-- index revenue_history_import_idx
CREATE INDEX `revenue_history_import_idx` ON `revenue_history` (`import_id`);

-- index revenue_imports_running_idx
CREATE INDEX `revenue_imports_running_idx` ON `revenue_imports` (`id`) WHERE "revenue_imports"."status" = 'running';

-- index reviews_created_at_idx
CREATE INDEX `reviews_created_at_idx` ON `reviews` (`created_at`);

-- index reviews_decided_by_user_id_idx
CREATE INDEX `reviews_decided_by_user_id_idx` ON `reviews` (`decided_by_user_id`) WHERE `decided_by_user_id` IS NOT NULL;

-- index reviews_device_id_idx
CREATE INDEX `reviews_device_id_idx` ON `reviews` (`device_id`);

-- index reviews_is_approved_idx
CREATE INDEX `reviews_is_approved_idx` ON `reviews` (`is_approved`,`created_at`);

-- index reviews_status_created_at_idx
CREATE INDEX `reviews_status_created_at_idx` ON `reviews` (`status`,`created_at`);

-- index reviews_user_id_idx
CREATE INDEX `reviews_user_id_idx` ON `reviews` (`user_id`);

-- index room_bed_inventory_room_type_bed_type_idx
CREATE UNIQUE INDEX `room_bed_inventory_room_type_bed_type_idx` ON `room_bed_inventory` (`room_type`,`bed_type`);

-- index room_blocks_created_by_idx
CREATE INDEX `room_blocks_created_by_idx` ON `room_blocks` (`created_by`) WHERE `created_by` IS NOT NULL;

-- index room_blocks_room_id_idx
CREATE INDEX `room_blocks_room_id_idx` ON `room_blocks` (`room_id`,`from_date`);

-- index room_blocks_to_date_idx
CREATE INDEX `room_blocks_to_date_idx` ON `room_blocks` (`to_date`);

-- index room_inventory_room_type_idx
CREATE UNIQUE INDEX `room_inventory_room_type_idx` ON `room_inventory` (`room_type`);

-- index room_nights_block_id_idx
CREATE INDEX `room_nights_block_id_idx` ON `room_nights` (`block_id`) WHERE `block_id` IS NOT NULL;

-- index room_nights_blocked_type_night_idx
CREATE INDEX `room_nights_blocked_type_night_idx` ON `room_nights` (`room_type`,`night`) WHERE `block_id` IS NOT NULL;

-- index room_nights_booking_id_idx
CREATE INDEX `room_nights_booking_id_idx` ON `room_nights` (`booking_id`) WHERE `booking_id` IS NOT NULL;

-- index room_nights_night_idx
CREATE INDEX `room_nights_night_idx` ON `room_nights` (`night`,`room_id`);

-- index room_nights_room_night_idx
CREATE UNIQUE INDEX `room_nights_room_night_idx` ON `room_nights` (`room_id`,`night`);

-- index room_smoking_inventory_room_type_smoking_type_idx
CREATE UNIQUE INDEX `room_smoking_inventory_room_type_smoking_type_idx` ON `room_smoking_inventory` (`room_type`,`smoking_type`);

-- index rooms_room_type_idx
CREATE UNIQUE INDEX `rooms_room_type_idx` ON `rooms` (`room_type`);

-- index service_visits_service_name_visit_date_idx
CREATE INDEX `service_visits_service_name_visit_date_idx` ON `service_visits` (`service_name`,`visit_date`,`service_category`);

-- index service_visits_visit_date_idx
CREATE INDEX `service_visits_visit_date_idx` ON `service_visits` (`visit_date`,`service_name`);

-- index service_visits_visit_date_service_name_visitor_hash_idx
CREATE UNIQUE INDEX `service_visits_visit_date_service_name_visitor_hash_idx` ON `service_visits` (`visit_date`,`service_name`,`visitor_hash`);

-- index services_slug_idx
CREATE UNIQUE INDEX `services_slug_idx` ON `services` (`slug`);

-- index sessions_user_id_idx
CREATE INDEX `sessions_user_id_idx` ON `sessions` (`user_id`);

-- index site_visits_visit_date_idx
CREATE INDEX `site_visits_visit_date_idx` ON `site_visits` (`visit_date`);

-- index site_visits_visit_date_visitor_hash_idx
CREATE UNIQUE INDEX `site_visits_visit_date_visitor_hash_idx` ON `site_visits` (`visit_date`,`visitor_hash`);

-- index staff_alerts_created_at_idx
CREATE INDEX `staff_alerts_created_at_idx` ON `staff_alerts` (`created_at`);

-- index stay_companions_booking_idx
CREATE INDEX `stay_companions_booking_idx` ON `stay_companions` (`booking_id`);

-- index stay_registrations_due_date_idx
CREATE INDEX `stay_registrations_due_date_idx` ON `stay_registrations` (`due_date`);

-- index stay_registrations_sent_by_idx
CREATE INDEX `stay_registrations_sent_by_idx` ON `stay_registrations` (`sent_by`) WHERE `sent_by` IS NOT NULL;

-- index stay_registrations_unsent_idx
CREATE INDEX `stay_registrations_unsent_idx` ON `stay_registrations` (`due_date`) WHERE `state` <> 'sent';

-- index stay_requests_booking_id_idx
CREATE INDEX `stay_requests_booking_id_idx` ON `stay_requests` (`booking_id`,`created_at`);

-- index stay_requests_done_at_idx
CREATE INDEX `stay_requests_done_at_idx` ON `stay_requests` (`done_at`) WHERE `done_at` IS NOT NULL;

-- index stay_requests_handled_by_idx
CREATE INDEX `stay_requests_handled_by_idx` ON `stay_requests` (`handled_by`) WHERE `handled_by` IS NOT NULL;

-- index stay_requests_open_idx
CREATE INDEX `stay_requests_open_idx` ON `stay_requests` (`created_at`) WHERE `status` in ('new', 'in_progress');

-- index taxes_code_effective_from_idx
CREATE UNIQUE INDEX `taxes_code_effective_from_idx` ON `taxes` (`code`, `effective_from`);

-- index user_phones_user_phone_idx
CREATE UNIQUE INDEX `user_phones_user_phone_idx` ON `user_phones` (`user_id`,`phone_number`);

-- index user_points_user_email_idx
CREATE UNIQUE INDEX `user_points_user_email_idx` ON `user_points` (`user_email`);

-- index users_email_idx
CREATE UNIQUE INDEX `users_email_idx` ON `users` (`email`);

-- index users_google_sub_idx
CREATE UNIQUE INDEX `users_google_sub_idx` ON `users` (`google_sub`);

-- index users_housekeepers_idx
CREATE INDEX `users_housekeepers_idx` ON `users` (`full_name`) WHERE `role` = 'housekeeper';

-- index vip_beneficiaries_created_by_user_id_idx
CREATE INDEX `vip_beneficiaries_created_by_user_id_idx` ON `vip_beneficiaries` (`created_by_user_id`) WHERE `created_by_user_id` IS NOT NULL;

-- index vip_beneficiaries_phone_number_idx
CREATE INDEX `vip_beneficiaries_phone_number_idx` ON `vip_beneficiaries` (`phone_number`);

-- index vip_usages_beneficiary_id_idx
CREATE INDEX `vip_usages_beneficiary_id_idx` ON `vip_usages` (`beneficiary_id`,`created_at`);

-- index whatsapp_messages_media_due_idx
CREATE INDEX `whatsapp_messages_media_due_idx` ON `whatsapp_messages` (`media_next_at`) WHERE `media_state` = 'pending';

-- index whatsapp_messages_phone_idx
CREATE INDEX `whatsapp_messages_phone_idx` ON `whatsapp_messages` (`phone`,`direction`,`created_at`);

-- index whatsapp_messages_user_id_idx
CREATE INDEX `whatsapp_messages_user_id_idx` ON `whatsapp_messages` (`user_id`) WHERE `user_id` IS NOT NULL;

-- index whatsapp_messages_wamid_idx
CREATE UNIQUE INDEX `whatsapp_messages_wamid_idx` ON `whatsapp_messages` (`wamid`);

-- index whatsapp_outbox_dedupe_key_idx
CREATE UNIQUE INDEX `whatsapp_outbox_dedupe_key_idx` ON `whatsapp_outbox` (`dedupe_key`);

-- index whatsapp_outbox_due_idx
CREATE INDEX `whatsapp_outbox_due_idx` ON `whatsapp_outbox` (`status`,`next_attempt_at`);

-- index whatsapp_outbox_phone_idx
CREATE INDEX `whatsapp_outbox_phone_idx` ON `whatsapp_outbox` (`phone`);

-- index whatsapp_templates_name_language_idx
CREATE UNIQUE INDEX `whatsapp_templates_name_language_idx` ON `whatsapp_templates` (`name`,`language`);

-- index work_orders_block_id_idx
CREATE INDEX `work_orders_block_id_idx` ON `work_orders` (`block_id`) WHERE `block_id` is not null;

-- index work_orders_closed_by_idx
CREATE INDEX `work_orders_closed_by_idx` ON `work_orders` (`closed_by`) WHERE `closed_by` is not null;

-- index work_orders_out_of_service_idx
CREATE INDEX `work_orders_out_of_service_idx` ON `work_orders` (`room_id`) WHERE `status` <> 'closed' AND `room_state` = 'out_of_service';

-- index work_orders_reported_by_idx
CREATE INDEX `work_orders_reported_by_idx` ON `work_orders` (`reported_by`) WHERE `reported_by` is not null;

-- index work_orders_room_id_idx
CREATE INDEX `work_orders_room_id_idx` ON `work_orders` (`room_id`, `id`);

-- index work_orders_status_idx
CREATE INDEX `work_orders_status_idx` ON `work_orders` (`status`, `id`);

-- index work_orders_taken_by_idx
CREATE INDEX `work_orders_taken_by_idx` ON `work_orders` (`taken_by`) WHERE `taken_by` is not null;

-- view housekeeping_task_wants
CREATE VIEW `housekeeping_task_wants` AS
SELECT d.`date` AS `date`, prev.`room_id` AS `room_id`, k.`kind` AS `kind`,
  CASE k.`kind` WHEN 'departure' THEN s.`departure_credits` ELSE s.`inspection_credits` END AS `credits`,
  prev.`booking_id` AS `booking_id`, cur.`booking_id` AS `arrival_booking_id`
FROM `housekeeping_days` d
JOIN `housekeeping_settings` s ON s.`id` = 1
JOIN `room_nights` prev ON prev.`night` = date(d.`date`, '-1 day') AND prev.`booking_id` IS NOT NULL
JOIN `hotel_rooms` r ON r.`id` = prev.`room_id` AND r.`retired_at` IS NULL
JOIN (SELECT 'departure' AS `kind` UNION ALL SELECT 'inspection') k
LEFT JOIN `room_nights` cur ON cur.`room_id` = prev.`room_id` AND cur.`night` = d.`date`
WHERE cur.`booking_id` IS NULL OR cur.`booking_id` <> prev.`booking_id`
UNION ALL
SELECT d.`date`, cur.`room_id`, 'stay_over', s.`stay_over_credits`, cur.`booking_id`, NULL
FROM `housekeeping_days` d
JOIN `housekeeping_settings` s ON s.`id` = 1 AND s.`stay_over_every_nights` > 0
JOIN `room_nights` cur ON cur.`night` = d.`date` AND cur.`booking_id` IS NOT NULL
JOIN `hotel_rooms` r ON r.`id` = cur.`room_id` AND r.`retired_at` IS NULL
JOIN `room_nights` prev ON prev.`room_id` = cur.`room_id` AND prev.`night` = date(d.`date`, '-1 day')
  AND prev.`booking_id` = cur.`booking_id`
JOIN `booking_submissions` b ON b.`id` = cur.`booking_id`
WHERE CAST(julianday(d.`date`) - julianday(b.`check_in_date`) AS integer) % s.`stay_over_every_nights` = 0
UNION ALL
SELECT d.`date`, cur.`room_id`, 'turndown', s.`turndown_credits`, cur.`booking_id`,
  CASE WHEN prev.`booking_id` IS NULL OR prev.`booking_id` <> cur.`booking_id` THEN cur.`booking_id` END
FROM `housekeeping_days` d
JOIN `housekeeping_settings` s ON s.`id` = 1 AND s.`turndown` = 1
JOIN `room_nights` cur ON cur.`night` = d.`date` AND cur.`booking_id` IS NOT NULL
JOIN `hotel_rooms` r ON r.`id` = cur.`room_id` AND r.`retired_at` IS NULL
LEFT JOIN `room_nights` prev ON prev.`room_id` = cur.`room_id` AND prev.`night` = date(d.`date`, '-1 day')
UNION ALL
SELECT d.`date`, b.`room_id`, k.`kind`,
  CASE k.`kind` WHEN 'departure' THEN s.`departure_credits` ELSE s.`inspection_credits` END,
  b.`id`, cur.`booking_id`
FROM `housekeeping_days` d
JOIN `housekeeping_settings` s ON s.`id` = 1
JOIN `booking_submissions` b INDEXED BY `booking_submissions_checked_out_at_idx`
  ON b.`checked_out_at` >= (unixepoch(d.`date`) - 14400) * 1000
  AND b.`checked_out_at` < (unixepoch(d.`date`) + 72000) * 1000 AND b.`room_id` IS NOT NULL
JOIN `hotel_rooms` r ON r.`id` = b.`room_id` AND r.`retired_at` IS NULL
JOIN (SELECT 'departure' AS `kind` UNION ALL SELECT 'inspection') k
LEFT JOIN `room_nights` cur ON cur.`room_id` = b.`room_id` AND cur.`night` = d.`date`
WHERE NOT EXISTS (SELECT 1 FROM `room_nights` prev WHERE prev.`room_id` = b.`room_id`
    AND prev.`night` = date(d.`date`, '-1 day') AND prev.`booking_id` IS NOT NULL)
  AND (cur.`booking_id` IS NULL OR cur.`booking_id` <> b.`id`);

-- trigger accounting_journals_closed_only
CREATE TRIGGER `accounting_journals_closed_only` BEFORE INSERT ON `accounting_journals`
WHEN NOT EXISTS (SELECT 1 FROM `day_closes` WHERE `date` = NEW.`date`)
BEGIN
  SELECT RAISE(ABORT, 'accounting_day_open');
END;

-- trigger accounting_journals_no_delete
CREATE TRIGGER `accounting_journals_no_delete` BEFORE DELETE ON `accounting_journals`
BEGIN
  SELECT RAISE(ABORT, 'accounting_journal_kept');
END;

-- trigger accounting_journals_no_update
CREATE TRIGGER `accounting_journals_no_update` BEFORE UPDATE ON `accounting_journals`
BEGIN
  SELECT RAISE(ABORT, 'accounting_journal_kept');
END;

-- trigger booking_nights_no_overbooking
CREATE TRIGGER `booking_nights_no_overbooking`
BEFORE INSERT ON `booking_nights`
BEGIN
  SELECT RAISE(ABORT, 'overbooked_room')
  WHERE NEW.`group_id` IS NULL
    AND (SELECT count(*) FROM `booking_nights`
         WHERE `room_type` = NEW.`room_type` AND `night` = NEW.`night` AND `group_id` IS NULL)
      + (SELECT count(*) FROM `room_nights`
         WHERE `room_type` = NEW.`room_type` AND `night` = NEW.`night` AND `block_id` IS NOT NULL)
      + (SELECT coalesce(sum(`held`), 0) FROM `group_block_nights`
         WHERE `room_type` = NEW.`room_type` AND `night` = NEW.`night`)
    >= coalesce((SELECT `total_count` FROM `room_inventory` WHERE `room_type` = NEW.`room_type`), 0);
  SELECT RAISE(ABORT, 'block_exceeded')
  WHERE NEW.`group_id` IS NOT NULL
    AND (SELECT count(*) FROM `booking_nights`
         WHERE `group_id` = NEW.`group_id` AND `room_type` = NEW.`room_type` AND `night` = NEW.`night`)
    >= coalesce((SELECT `held` FROM `group_block_nights`
                 WHERE `group_id` = NEW.`group_id` AND `room_type` = NEW.`room_type` AND `night` = NEW.`night`), 0);
  SELECT RAISE(ABORT, 'overbooked_bed')
  WHERE NEW.`bed_type` IS NOT NULL
    AND (SELECT count(*) FROM `booking_nights`
         WHERE `room_type` = NEW.`room_type` AND `bed_type` = NEW.`bed_type` AND `night` = NEW.`night`)
    >= coalesce((SELECT `total_count` FROM `room_bed_inventory`
                 WHERE `room_type` = NEW.`room_type` AND `bed_type` = NEW.`bed_type`), 0);
  SELECT RAISE(ABORT, 'overbooked_smoking')
  WHERE NEW.`smoking_type` IS NOT NULL
    AND (SELECT count(*) FROM `booking_nights`
         WHERE `room_type` = NEW.`room_type` AND `smoking_type` = NEW.`smoking_type` AND `night` = NEW.`night`)
    >= coalesce((SELECT `total_count` FROM `room_smoking_inventory`
                 WHERE `room_type` = NEW.`room_type` AND `smoking_type` = NEW.`smoking_type`), 0);
END;

-- trigger booking_reopen_holds_nights
CREATE TRIGGER `booking_reopen_holds_nights` AFTER UPDATE OF `status` ON `booking_submissions`
WHEN OLD.`status` IN ('completed', 'cancelled') AND NEW.`status` IN ('approved', 'confirmed')
  AND (SELECT count(*) FROM `booking_nights` WHERE `booking_id` = NEW.`id`)
    <> cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer)
BEGIN
  SELECT RAISE(ABORT, 'reopened_without_holds');
END;

-- trigger booking_reopen_state
CREATE TRIGGER `booking_reopen_state` BEFORE UPDATE OF `status` ON `booking_submissions`
WHEN OLD.`status` IN ('completed', 'cancelled') AND NEW.`status` NOT IN ('completed', 'cancelled')
  AND (NEW.`status` NOT IN ('approved', 'confirmed')
    OR (OLD.`status` = 'completed'
      AND (OLD.`checked_out_at` IS NULL OR NEW.`checked_in_at` IS NULL OR NEW.`checked_out_at` IS NOT NULL))
    OR (OLD.`status` = 'cancelled' AND NEW.`checked_in_at` IS NOT NULL))
BEGIN
  SELECT RAISE(ABORT, 'stay_state_invalid');
END;

-- trigger booking_room_nights_release_cancelled
CREATE TRIGGER `booking_room_nights_release_cancelled` AFTER UPDATE OF `status` ON `booking_submissions`
WHEN NEW.`status` = 'cancelled' AND OLD.`status` <> 'cancelled'
BEGIN
  DELETE FROM `room_nights` WHERE `booking_id` = NEW.`id`;
END;

-- trigger booking_room_nights_release_moved
CREATE TRIGGER `booking_room_nights_release_moved` AFTER UPDATE OF `check_in_date`, `check_out_date` ON `booking_submissions`
WHEN (OLD.`check_in_date` <> NEW.`check_in_date` OR OLD.`check_out_date` <> NEW.`check_out_date`)
  AND NEW.`checked_in_at` IS NULL
BEGIN
  DELETE FROM `room_nights` WHERE `booking_id` = NEW.`id`;
  UPDATE `booking_submissions` SET `room_id` = NULL WHERE `id` = NEW.`id` AND `room_id` IS NOT NULL;
END;

-- trigger booking_search_delete
CREATE TRIGGER `booking_search_delete` AFTER DELETE ON `booking_submissions` BEGIN
	DELETE FROM `booking_search` WHERE rowid = old.id;
END;

-- trigger booking_search_insert
CREATE TRIGGER `booking_search_insert` AFTER INSERT ON `booking_submissions` BEGIN
	INSERT INTO `booking_search` (rowid, `reference`, `full_name`, `phone`, `email`, `id_number`)
	VALUES (new.id, new.reference, new.full_name, (select case when substr(d, 1, 2) = '00' then substr(d, 3) else d end from (select replace(replace(replace(replace(replace(replace(new.phone_number, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', '') as d)), trim(coalesce(new.user_email, '') || ' ' || coalesce(new.email, '')), new.id_number);
END;

-- trigger booking_search_update
CREATE TRIGGER `booking_search_update` AFTER UPDATE OF `reference`, `full_name`, `phone_number`, `user_email`, `email`, `id_number` ON `booking_submissions` BEGIN
	DELETE FROM `booking_search` WHERE rowid = old.id;
	INSERT INTO `booking_search` (rowid, `reference`, `full_name`, `phone`, `email`, `id_number`)
	VALUES (new.id, new.reference, new.full_name, (select case when substr(d, 1, 2) = '00' then substr(d, 3) else d end from (select replace(replace(replace(replace(replace(replace(new.phone_number, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', '') as d)), trim(coalesce(new.user_email, '') || ' ' || coalesce(new.email, '')), new.id_number);
END;

-- trigger booking_submissions_pending_caps
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

-- trigger bookings_version_delete
CREATE TRIGGER `bookings_version_delete` AFTER DELETE ON `booking_submissions`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'bookings'; END;

-- trigger bookings_version_insert
CREATE TRIGGER `bookings_version_insert` AFTER INSERT ON `booking_submissions`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'bookings'; END;

-- trigger bookings_version_update
CREATE TRIGGER `bookings_version_update` AFTER UPDATE ON `booking_submissions`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'bookings'; END;

-- trigger chain_outbox_day_close
CREATE TRIGGER `chain_outbox_day_close` AFTER INSERT ON `day_closes`
BEGIN
  INSERT INTO `chain_outbox` (`kind`, `ref`) VALUES ('closed_day', NEW.`date`);
END;

-- trigger chain_outbox_user_delete
CREATE TRIGGER `chain_outbox_user_delete` AFTER DELETE ON `users`
BEGIN
  INSERT INTO `chain_outbox` (`kind`, `ref`) VALUES ('account', OLD.`id`);
END;

-- trigger chain_outbox_user_insert
CREATE TRIGGER `chain_outbox_user_insert` AFTER INSERT ON `users`
BEGIN
  INSERT INTO `chain_outbox` (`kind`, `ref`) VALUES ('account', NEW.`id`);
END;

-- trigger chain_outbox_user_update
CREATE TRIGGER `chain_outbox_user_update` AFTER UPDATE OF `full_name`, `email`, `password_hash`, `role`, `is_verified`, `is_disabled`, `google_sub` ON `users`
BEGIN
  INSERT INTO `chain_outbox` (`kind`, `ref`) VALUES ('account', NEW.`id`);
END;

-- trigger channel_outbox_booking_nights_delete
CREATE TRIGGER `channel_outbox_booking_nights_delete` AFTER DELETE ON `booking_nights`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('availability', OLD.`room_type`, OLD.`night`)
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;

-- trigger channel_outbox_booking_nights_insert
CREATE TRIGGER `channel_outbox_booking_nights_insert` AFTER INSERT ON `booking_nights`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('availability', NEW.`room_type`, NEW.`night`)
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;

-- trigger channel_outbox_booking_nights_update
CREATE TRIGGER `channel_outbox_booking_nights_update` AFTER UPDATE OF `room_type`, `night` ON `booking_nights`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) SELECT 'availability', OLD.`room_type`, OLD.`night`
  WHERE OLD.`room_type` <> NEW.`room_type` OR OLD.`night` <> NEW.`night`
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('availability', NEW.`room_type`, NEW.`night`)
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;

-- trigger channel_outbox_offers_delete
CREATE TRIGGER `channel_outbox_offers_delete` AFTER DELETE ON `offers`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('restrictions', OLD.`room_type`, '*')
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;

-- trigger channel_outbox_offers_insert
CREATE TRIGGER `channel_outbox_offers_insert` AFTER INSERT ON `offers`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('restrictions', NEW.`room_type`, '*')
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;

-- trigger channel_outbox_offers_update
CREATE TRIGGER `channel_outbox_offers_update` AFTER UPDATE ON `offers`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('restrictions', NEW.`room_type`, '*')
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;

-- trigger channel_outbox_rate_nights_delete
CREATE TRIGGER `channel_outbox_rate_nights_delete` AFTER DELETE ON `rate_nights`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('restrictions', OLD.`room_type`, OLD.`night`)
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;

-- trigger channel_outbox_rate_nights_insert
CREATE TRIGGER `channel_outbox_rate_nights_insert` AFTER INSERT ON `rate_nights`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('restrictions', NEW.`room_type`, NEW.`night`)
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;

-- trigger channel_outbox_rate_nights_update
CREATE TRIGGER `channel_outbox_rate_nights_update` AFTER UPDATE ON `rate_nights`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) SELECT 'restrictions', OLD.`room_type`, OLD.`night`
  WHERE OLD.`room_type` <> NEW.`room_type` OR OLD.`night` <> NEW.`night`
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('restrictions', NEW.`room_type`, NEW.`night`)
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;

-- trigger channel_outbox_rate_plans_delete
CREATE TRIGGER `channel_outbox_rate_plans_delete` AFTER DELETE ON `rate_plans`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('restrictions', '*', '*')
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;

-- trigger channel_outbox_rate_plans_insert
CREATE TRIGGER `channel_outbox_rate_plans_insert` AFTER INSERT ON `rate_plans`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('restrictions', '*', '*')
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;

-- trigger channel_outbox_rate_plans_update
CREATE TRIGGER `channel_outbox_rate_plans_update` AFTER UPDATE OF `room_types`, `parent_code`, `parent_adjustment_percent`, `active`, `public` ON `rate_plans`
WHEN OLD.`room_types` IS NOT NEW.`room_types` OR OLD.`parent_code` IS NOT NEW.`parent_code`
  OR OLD.`parent_adjustment_percent` IS NOT NEW.`parent_adjustment_percent`
  OR OLD.`active` IS NOT NEW.`active` OR OLD.`public` IS NOT NEW.`public`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('restrictions', '*', '*')
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;

-- trigger channel_outbox_room_inventory_delete
CREATE TRIGGER `channel_outbox_room_inventory_delete` AFTER DELETE ON `room_inventory`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('availability', OLD.`room_type`, '*')
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;

-- trigger channel_outbox_room_inventory_insert
CREATE TRIGGER `channel_outbox_room_inventory_insert` AFTER INSERT ON `room_inventory`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('availability', NEW.`room_type`, '*')
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;

-- trigger channel_outbox_room_inventory_update
CREATE TRIGGER `channel_outbox_room_inventory_update` AFTER UPDATE OF `total_count` ON `room_inventory`
WHEN OLD.`total_count` IS NOT NEW.`total_count`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('availability', NEW.`room_type`, '*')
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;

-- trigger channel_outbox_room_nights_delete
CREATE TRIGGER `channel_outbox_room_nights_delete` AFTER DELETE ON `room_nights`
WHEN OLD.`block_id` IS NOT NULL
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('availability', OLD.`room_type`, OLD.`night`)
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;

-- trigger channel_outbox_room_nights_insert
CREATE TRIGGER `channel_outbox_room_nights_insert` AFTER INSERT ON `room_nights`
WHEN NEW.`block_id` IS NOT NULL
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('availability', NEW.`room_type`, NEW.`night`)
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;

-- trigger channel_outbox_rooms_insert
CREATE TRIGGER `channel_outbox_rooms_insert` AFTER INSERT ON `rooms`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('availability', NEW.`room_type`, '*')
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('restrictions', NEW.`room_type`, '*')
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;

-- trigger channel_outbox_rooms_update
CREATE TRIGGER `channel_outbox_rooms_update` AFTER UPDATE OF `available`, `price_per_night`, `original_price`, `base_occupancy`, `max_adults` ON `rooms`
WHEN OLD.`available` IS NOT NEW.`available` OR OLD.`price_per_night` IS NOT NEW.`price_per_night`
  OR OLD.`original_price` IS NOT NEW.`original_price` OR OLD.`base_occupancy` IS NOT NEW.`base_occupancy`
  OR OLD.`max_adults` IS NOT NEW.`max_adults`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('availability', NEW.`room_type`, '*')
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('restrictions', NEW.`room_type`, '*')
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;

-- trigger channel_revisions_in_order
CREATE TRIGGER `channel_revisions_in_order` BEFORE INSERT ON `channel_revisions`
WHEN NEW.`status` IN ('new', 'modified') AND NEW.`outcome` NOT IN ('ignored', 'stale') AND (
  EXISTS (
    SELECT 1 FROM `channel_revisions` r
    WHERE r.`channel_booking_id` = NEW.`channel_booking_id` AND r.`status` = 'cancelled'
  )
  OR (NEW.`revised_at` IS NOT NULL AND EXISTS (
    SELECT 1 FROM `channel_revisions` r
    WHERE r.`channel_booking_id` = NEW.`channel_booking_id` AND r.`revised_at` > NEW.`revised_at`
      AND r.`outcome` NOT IN ('ignored', 'stale')
  ))
)
BEGIN
  SELECT RAISE(ABORT, 'channel_revision_older');
END;

-- trigger chat_qa_version_delete
CREATE TRIGGER `chat_qa_version_delete` AFTER DELETE ON `custom_chat_qa`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'chat_qa'; END;

-- trigger chat_qa_version_insert
CREATE TRIGGER `chat_qa_version_insert` AFTER INSERT ON `custom_chat_qa`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'chat_qa'; END;

-- trigger chat_qa_version_update
CREATE TRIGGER `chat_qa_version_update` AFTER UPDATE ON `custom_chat_qa`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'chat_qa'; END;

-- trigger city_ledger_payments_balance
CREATE TRIGGER `city_ledger_payments_balance` AFTER INSERT ON `city_ledger_payments`
BEGIN
  UPDATE `city_ledger_accounts` SET `balance_baisa` = `balance_baisa` - NEW.`amount_baisa`
  WHERE `id` = NEW.`account_id`;
END;

-- trigger city_ledger_payments_day_closed
CREATE TRIGGER `city_ledger_payments_day_closed` BEFORE INSERT ON `city_ledger_payments`
WHEN EXISTS (SELECT 1 FROM `day_closes` WHERE `date` = NEW.`business_date`)
BEGIN
  SELECT RAISE(ABORT, 'day_closed');
END;

-- trigger city_ledger_payments_no_change
CREATE TRIGGER `city_ledger_payments_no_change` BEFORE UPDATE ON `city_ledger_payments`
BEGIN
  SELECT RAISE(ABORT, 'folio_append_only');
END;

-- trigger city_ledger_payments_no_delete
CREATE TRIGGER `city_ledger_payments_no_delete` BEFORE DELETE ON `city_ledger_payments`
BEGIN
  SELECT RAISE(ABORT, 'folio_append_only');
END;

-- trigger content_version_media_delete
CREATE TRIGGER `content_version_media_delete` AFTER DELETE ON `media`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;

-- trigger content_version_media_insert
CREATE TRIGGER `content_version_media_insert` AFTER INSERT ON `media`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;

-- trigger content_version_media_update
CREATE TRIGGER `content_version_media_update` AFTER UPDATE ON `media`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;

-- trigger content_version_offers_delete
CREATE TRIGGER `content_version_offers_delete` AFTER DELETE ON `offers`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;

-- trigger content_version_offers_insert
CREATE TRIGGER `content_version_offers_insert` AFTER INSERT ON `offers`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;

-- trigger content_version_offers_update
CREATE TRIGGER `content_version_offers_update` AFTER UPDATE ON `offers`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;

-- trigger content_version_rate_nights_delete
CREATE TRIGGER `content_version_rate_nights_delete` AFTER DELETE ON `rate_nights`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;

-- trigger content_version_rate_nights_insert
CREATE TRIGGER `content_version_rate_nights_insert` AFTER INSERT ON `rate_nights`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;

-- trigger content_version_rate_nights_update
CREATE TRIGGER `content_version_rate_nights_update` AFTER UPDATE ON `rate_nights`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;

-- trigger content_version_rate_plans_insert
CREATE TRIGGER `content_version_rate_plans_insert` AFTER INSERT ON `rate_plans`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;

-- trigger content_version_rate_plans_update
CREATE TRIGGER `content_version_rate_plans_update` AFTER UPDATE ON `rate_plans`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;

-- trigger content_version_rooms_delete
CREATE TRIGGER `content_version_rooms_delete` AFTER DELETE ON `rooms`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;

-- trigger content_version_rooms_insert
CREATE TRIGGER `content_version_rooms_insert` AFTER INSERT ON `rooms`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;

-- trigger content_version_rooms_update
CREATE TRIGGER `content_version_rooms_update` AFTER UPDATE ON `rooms`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;

-- trigger content_version_services_delete
CREATE TRIGGER `content_version_services_delete` AFTER DELETE ON `services`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;

-- trigger content_version_services_insert
CREATE TRIGGER `content_version_services_insert` AFTER INSERT ON `services`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;

-- trigger content_version_services_update
CREATE TRIGGER `content_version_services_update` AFTER UPDATE ON `services`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;

-- trigger content_version_settings_insert
CREATE TRIGGER `content_version_settings_insert` AFTER INSERT ON `site_settings`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;

-- trigger content_version_settings_update
CREATE TRIGGER `content_version_settings_update` AFTER UPDATE ON `site_settings`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;

-- trigger content_version_vip_cards_delete
CREATE TRIGGER `content_version_vip_cards_delete` AFTER DELETE ON `vip_card_types`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;

-- trigger content_version_vip_cards_insert
CREATE TRIGGER `content_version_vip_cards_insert` AFTER INSERT ON `vip_card_types`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;

-- trigger content_version_vip_cards_update
CREATE TRIGGER `content_version_vip_cards_update` AFTER UPDATE ON `vip_card_types`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;

-- trigger conversation_message_moves_thread
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

-- trigger custom_chat_qa_not_blank_insert
CREATE TRIGGER `custom_chat_qa_not_blank_insert` BEFORE INSERT ON `custom_chat_qa`
WHEN trim(NEW.`question`) = '' OR trim(NEW.`answer`) = ''
BEGIN SELECT RAISE(ABORT, 'qa_blank'); END;

-- trigger custom_chat_qa_not_blank_update
CREATE TRIGGER `custom_chat_qa_not_blank_update` BEFORE UPDATE ON `custom_chat_qa`
WHEN trim(NEW.`question`) = '' OR trim(NEW.`answer`) = ''
BEGIN SELECT RAISE(ABORT, 'qa_blank'); END;

-- trigger day_close_guest_nights_nationality
CREATE TRIGGER `day_close_guest_nights_nationality` AFTER UPDATE OF `nationality` ON `guest_profiles`
WHEN NEW.`nationality` IS NOT NULL AND OLD.`nationality` IS NULL
BEGIN
  UPDATE `day_close_guest_nights` SET `nationality` = NEW.`nationality`,
    `updated_at` = cast(unixepoch('subsec') * 1000 as integer)
  WHERE `nationality` = ''
    AND `close_date` >= date((SELECT max(`date`) FROM `day_closes`), '+1 day', 'start of month')
    AND `booking_id` IN (SELECT b.`id` FROM `booking_submissions` b WHERE b.`profile_id` = NEW.`id`);
END;

-- trigger day_closes_no_change
CREATE TRIGGER `day_closes_no_change` BEFORE UPDATE ON `day_closes`
BEGIN
  SELECT RAISE(ABORT, 'day_closed');
END;

-- trigger day_closes_no_delete
CREATE TRIGGER `day_closes_no_delete` BEFORE DELETE ON `day_closes`
BEGIN
  SELECT RAISE(ABORT, 'day_closed');
END;

-- trigger entries_version_location
CREATE TRIGGER `entries_version_location` AFTER INSERT ON `location_sharing_submissions`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'entries'; END;

-- trigger entries_version_photography
CREATE TRIGGER `entries_version_photography` AFTER INSERT ON `photography_submissions`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'entries'; END;

-- trigger entries_version_photography_decided
CREATE TRIGGER `entries_version_photography_decided` AFTER UPDATE ON `photography_submissions`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'entries'; END;

-- trigger entries_version_reviews
CREATE TRIGGER `entries_version_reviews` AFTER INSERT ON `google_review_submissions`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'entries'; END;

-- trigger entries_version_reviews_decided
CREATE TRIGGER `entries_version_reviews_decided` AFTER UPDATE ON `google_review_submissions`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'entries'; END;

-- trigger extra_purchases_daily_cap
CREATE TRIGGER `extra_purchases_daily_cap` BEFORE INSERT ON `extra_purchases`
WHEN NEW.`status` IN ('requested', 'confirmed')
  AND (SELECT `daily_cap` FROM `extras` WHERE `id` = NEW.`extra_id`) IS NOT NULL
  AND (SELECT count(*) FROM `extra_purchases` WHERE `extra_id` = NEW.`extra_id`
    AND `service_date` = NEW.`service_date` AND `status` IN ('requested', 'confirmed'))
    >= (SELECT `daily_cap` FROM `extras` WHERE `id` = NEW.`extra_id`)
BEGIN
  SELECT RAISE(ABORT, 'extra_cap_reached');
END;

-- trigger extra_purchases_transition
CREATE TRIGGER `extra_purchases_transition` BEFORE UPDATE OF `status` ON `extra_purchases`
WHEN NEW.`status` <> OLD.`status` AND NOT (
  (OLD.`status` = 'requested' AND NEW.`status` IN ('confirmed', 'declined', 'expired', 'cancelled'))
  OR (OLD.`status` = 'confirmed' AND NEW.`status` = 'cancelled'))
BEGIN
  SELECT RAISE(ABORT, 'extra_purchase_transition');
END;

-- trigger folio_lines_balance
CREATE TRIGGER `folio_lines_balance` AFTER INSERT ON `folio_lines`
BEGIN
  UPDATE `booking_submissions`
  SET `folio_balance_baisa` = `folio_balance_baisa` + CASE
    WHEN NEW.`kind` IN ('payment', 'transfer') THEN -NEW.`amount_baisa`
    ELSE NEW.`amount_baisa`
  END
  WHERE NEW.`group_id` IS NULL AND `id` = NEW.`booking_id`;
  INSERT OR IGNORE INTO `group_folios` (`group_id`, `balance_baisa`)
  SELECT NEW.`group_id`, 0 WHERE NEW.`group_id` IS NOT NULL;
  UPDATE `group_folios`
  SET `balance_baisa` = `balance_baisa` + CASE
    WHEN NEW.`kind` IN ('payment', 'transfer') THEN -NEW.`amount_baisa`
    ELSE NEW.`amount_baisa`
  END
  WHERE NEW.`group_id` IS NOT NULL AND `group_id` = NEW.`group_id`;
  UPDATE `city_ledger_accounts`
  SET `balance_baisa` = `balance_baisa` + NEW.`amount_baisa`
  WHERE NEW.`kind` = 'transfer' AND `id` = NEW.`city_ledger_account_id`;
  UPDATE `city_ledger_accounts`
  SET `balance_baisa` = `balance_baisa` - NEW.`amount_baisa`
  WHERE NEW.`kind` = 'refund' AND NEW.`method` = 'city_ledger'
    AND `id` = (SELECT t.`city_ledger_account_id` FROM `folio_lines` t WHERE t.`id` = NEW.`refunds_line_id`);
END;

-- trigger folio_lines_correction_limit
CREATE TRIGGER `folio_lines_correction_limit` BEFORE INSERT ON `folio_lines`
WHEN NEW.`kind` = 'correction' AND EXISTS (
  SELECT 1 FROM `folio_lines` t WHERE t.`id` = NEW.`corrects_line_id` AND (
    t.`amount_baisa` + NEW.`amount_baisa` + (
      SELECT coalesce(sum(c.`amount_baisa`), 0) FROM `folio_lines` c WHERE c.`corrects_line_id` = t.`id`
    ) < 0
    OR t.`net_baisa` + NEW.`net_baisa` + (
      SELECT coalesce(sum(c.`net_baisa`), 0) FROM `folio_lines` c WHERE c.`corrects_line_id` = t.`id`
    ) < 0
  )
)
BEGIN
  SELECT RAISE(ABORT, 'correction_exceeds_charge');
END;

-- trigger folio_lines_correction_target
CREATE TRIGGER `folio_lines_correction_target` BEFORE INSERT ON `folio_lines`
WHEN NEW.`kind` = 'correction' AND NOT EXISTS (
  SELECT 1 FROM `folio_lines` t WHERE t.`id` = NEW.`corrects_line_id` AND t.`booking_id` = NEW.`booking_id`
    AND t.`kind` = 'charge'
)
BEGIN
  SELECT RAISE(ABORT, 'correction_target_invalid');
END;

-- trigger folio_lines_day_closed
CREATE TRIGGER `folio_lines_day_closed` BEFORE INSERT ON `folio_lines`
WHEN EXISTS (SELECT 1 FROM `day_closes` WHERE `date` = NEW.`business_date`)
BEGIN
  SELECT RAISE(ABORT, 'day_closed');
END;

-- trigger folio_lines_group_member
CREATE TRIGGER `folio_lines_group_member` BEFORE INSERT ON `folio_lines`
WHEN NEW.`group_id` IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM `booking_submissions` b JOIN `group_blocks` g ON g.`id` = b.`group_id`
  WHERE b.`id` = NEW.`booking_id` AND g.`id` = NEW.`group_id` AND g.`billing` = 'master'
)
BEGIN
  SELECT RAISE(ABORT, 'group_folio_member');
END;

-- trigger folio_lines_no_delete
CREATE TRIGGER `folio_lines_no_delete` BEFORE DELETE ON `folio_lines`
BEGIN
  SELECT RAISE(ABORT, 'folio_append_only');
END;

-- trigger folio_lines_no_update
CREATE TRIGGER `folio_lines_no_update` BEFORE UPDATE ON `folio_lines`
BEGIN
  SELECT RAISE(ABORT, 'folio_append_only');
END;

-- trigger folio_lines_refund_target
CREATE TRIGGER `folio_lines_refund_target` BEFORE INSERT ON `folio_lines`
WHEN NEW.`kind` = 'refund' AND NOT EXISTS (
  SELECT 1 FROM `folio_lines` p WHERE p.`id` = NEW.`refunds_line_id` AND p.`booking_id` = NEW.`booking_id`
    AND (p.`kind` = 'payment' OR (p.`kind` = 'transfer' AND NEW.`method` = 'city_ledger'))
    AND p.`amount_baisa` >= NEW.`amount_baisa` + (
      SELECT coalesce(sum(r.`amount_baisa`), 0) FROM `folio_lines` r WHERE r.`refunds_line_id` = p.`id`
    )
)
BEGIN
  SELECT RAISE(ABORT, 'refund_exceeds_payment');
END;

-- trigger folio_lines_same_folio
CREATE TRIGGER `folio_lines_same_folio` BEFORE INSERT ON `folio_lines`
WHEN NEW.`kind` IN ('correction', 'refund') AND EXISTS (
  SELECT 1 FROM `folio_lines` t WHERE t.`id` = coalesce(NEW.`corrects_line_id`, NEW.`refunds_line_id`)
    AND t.`group_id` IS NOT NEW.`group_id`
)
BEGIN
  SELECT RAISE(ABORT, 'folio_mismatch');
END;

-- trigger folio_lines_transfer_limit
CREATE TRIGGER `folio_lines_transfer_limit` BEFORE INSERT ON `folio_lines`
WHEN NEW.`kind` = 'transfer' AND NOT EXISTS (
  SELECT 1 FROM `city_ledger_accounts` a WHERE a.`id` = NEW.`city_ledger_account_id` AND a.`active`
    AND (a.`credit_limit_baisa` IS NULL OR a.`balance_baisa` + NEW.`amount_baisa` <= a.`credit_limit_baisa`)
)
BEGIN
  SELECT RAISE(ABORT, 'credit_limit_exceeded');
END;

-- trigger folio_roundings_day_closed
CREATE TRIGGER `folio_roundings_day_closed` BEFORE INSERT ON `folio_roundings`
WHEN EXISTS (SELECT 1 FROM `day_closes` WHERE `date` = NEW.`business_date`)
BEGIN
  SELECT RAISE(ABORT, 'day_closed');
END;

-- trigger folio_roundings_document
CREATE TRIGGER `folio_roundings_document` BEFORE INSERT ON `folio_roundings`
WHEN NOT EXISTS (
  SELECT 1 FROM `invoices` i WHERE i.`id` = NEW.`invoice_id` AND i.`booking_id` = NEW.`booking_id`
    AND i.`group_id` IS NEW.`group_id`
)
BEGIN
  SELECT RAISE(ABORT, 'folio_mismatch');
END;

-- trigger folio_roundings_no_delete
CREATE TRIGGER `folio_roundings_no_delete` BEFORE DELETE ON `folio_roundings`
BEGIN
  SELECT RAISE(ABORT, 'folio_append_only');
END;

-- trigger folio_roundings_no_update
CREATE TRIGGER `folio_roundings_no_update` BEFORE UPDATE ON `folio_roundings`
BEGIN
  SELECT RAISE(ABORT, 'folio_append_only');
END;

-- trigger group_block_nights_keys_fixed
CREATE TRIGGER `group_block_nights_keys_fixed`
BEFORE UPDATE OF `group_id`, `room_type`, `night` ON `group_block_nights`
BEGIN
  SELECT RAISE(ABORT, 'group_block_night_fixed');
END;

-- trigger group_block_nights_no_delete_picked_up
CREATE TRIGGER `group_block_nights_no_delete_picked_up`
BEFORE DELETE ON `group_block_nights`
BEGIN
  SELECT RAISE(ABORT, 'group_held_below_picked_up')
  WHERE EXISTS (SELECT 1 FROM `booking_nights`
                WHERE `group_id` = OLD.`group_id` AND `room_type` = OLD.`room_type` AND `night` = OLD.`night`);
END;

-- trigger group_block_nights_raise_within_allotment
CREATE TRIGGER `group_block_nights_raise_within_allotment`
BEFORE UPDATE OF `held` ON `group_block_nights`
BEGIN
  SELECT RAISE(ABORT, 'group_held_below_picked_up')
  WHERE NEW.`held` < (SELECT count(*) FROM `booking_nights`
                      WHERE `group_id` = OLD.`group_id` AND `room_type` = OLD.`room_type` AND `night` = OLD.`night`);
  SELECT RAISE(ABORT, 'block_over_allotment')
  WHERE NEW.`held` > OLD.`held`
    AND (SELECT count(*) FROM `booking_nights`
         WHERE `room_type` = OLD.`room_type` AND `night` = OLD.`night` AND `group_id` IS NULL)
      + (SELECT count(*) FROM `room_nights`
         WHERE `room_type` = OLD.`room_type` AND `night` = OLD.`night` AND `block_id` IS NOT NULL)
      + (SELECT coalesce(sum(`held`), 0) FROM `group_block_nights`
         WHERE `room_type` = OLD.`room_type` AND `night` = OLD.`night`)
      - OLD.`held` + NEW.`held`
    > coalesce((SELECT `total_count` FROM `room_inventory` WHERE `room_type` = OLD.`room_type`), 0);
END;

-- trigger group_block_nights_within_allotment
CREATE TRIGGER `group_block_nights_within_allotment`
BEFORE INSERT ON `group_block_nights`
BEGIN
  SELECT RAISE(ABORT, 'block_over_allotment')
  WHERE NEW.`held` > 0
    AND (SELECT count(*) FROM `booking_nights`
         WHERE `room_type` = NEW.`room_type` AND `night` = NEW.`night` AND `group_id` IS NULL)
      + (SELECT count(*) FROM `room_nights`
         WHERE `room_type` = NEW.`room_type` AND `night` = NEW.`night` AND `block_id` IS NOT NULL)
      + (SELECT coalesce(sum(`held`), 0) FROM `group_block_nights`
         WHERE `room_type` = NEW.`room_type` AND `night` = NEW.`night`)
      + NEW.`held`
    > coalesce((SELECT `total_count` FROM `room_inventory` WHERE `room_type` = NEW.`room_type`), 0);
END;

-- trigger group_folios_no_delete
CREATE TRIGGER `group_folios_no_delete` BEFORE DELETE ON `group_folios`
BEGIN
  SELECT RAISE(ABORT, 'folio_append_only');
END;

-- trigger guest_profile_attach
CREATE TRIGGER `guest_profile_attach` AFTER INSERT ON `booking_submissions`
WHEN NEW.`profile_id` IS NULL
BEGIN
  INSERT INTO `guest_profiles` (`user_id`, `full_name`, `phone`, `email`, `name_key`, `email_key`)
  SELECT a.`user_id`, NEW.`full_name`, NEW.`phone_number`, a.`email`,
    replace(replace(replace(replace(replace(replace(lower(trim(NEW.`full_name`)), 'أ', 'ا'), 'إ', 'ا'), 'آ', 'ا'), 'ٱ', 'ا'), 'ة', 'ه'), 'ى', 'ي'),
    lower(trim(a.`email`))
  FROM (SELECT
      CASE WHEN (SELECT u.`role` FROM `users` u WHERE u.`id` = NEW.`user_id`) = 'guest' THEN NEW.`user_id` END AS `user_id`,
      CASE WHEN (SELECT u.`role` FROM `users` u WHERE u.`id` = NEW.`user_id`) = 'guest'
        THEN coalesce(NEW.`user_email`, NEW.`email`) ELSE NEW.`email` END AS `email`) a
  WHERE true
  ON CONFLICT DO NOTHING;
  UPDATE `booking_submissions` SET `profile_id` = CASE
    WHEN (SELECT u.`role` FROM `users` u WHERE u.`id` = NEW.`user_id`) = 'guest'
      THEN (SELECT p.`id` FROM `guest_profiles` p WHERE p.`user_id` = NEW.`user_id`)
    ELSE (SELECT p.`id` FROM `guest_profiles` p WHERE p.`user_id` IS NULL AND p.`phone` = NEW.`phone_number`) END
  WHERE `id` = NEW.`id`;
END;

-- trigger guest_profile_last_stay
CREATE TRIGGER `guest_profile_last_stay` AFTER UPDATE OF `profile_id`, `check_out_date` ON `booking_submissions`
WHEN NEW.`profile_id` IS NOT NULL
BEGIN
  UPDATE `guest_profiles` SET `last_stay_date` = max(coalesce(`last_stay_date`, ''), NEW.`check_out_date`)
  WHERE `id` = NEW.`profile_id`;
END;

-- trigger guest_search_delete
CREATE TRIGGER `guest_search_delete` AFTER DELETE ON `guest_profiles` BEGIN
	DELETE FROM `guest_search` WHERE rowid = old.id;
END;

-- trigger guest_search_insert
CREATE TRIGGER `guest_search_insert` AFTER INSERT ON `guest_profiles` BEGIN
	INSERT INTO `guest_search` (rowid, `name_key`, `phone`, `email_key`, `document_key`)
	VALUES (new.id, new.name_key, (select case when substr(d, 1, 2) = '00' then substr(d, 3) else d end from (select replace(replace(replace(replace(replace(replace(new.phone, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', '') as d)), new.email_key, new.document_key);
END;

-- trigger guest_search_update
CREATE TRIGGER `guest_search_update` AFTER UPDATE OF `name_key`, `phone`, `email_key`, `document_key` ON `guest_profiles` BEGIN
	DELETE FROM `guest_search` WHERE rowid = old.id;
	INSERT INTO `guest_search` (rowid, `name_key`, `phone`, `email_key`, `document_key`)
	VALUES (new.id, new.name_key, (select case when substr(d, 1, 2) = '00' then substr(d, 3) else d end from (select replace(replace(replace(replace(replace(replace(new.phone, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', '') as d)), new.email_key, new.document_key);
END;

-- trigger hotel_rooms_listed_delete
CREATE TRIGGER `hotel_rooms_listed_delete` AFTER DELETE ON `hotel_rooms`
BEGIN
  UPDATE `rooms` SET `listed_rooms` = (
    SELECT count(*) FROM `hotel_rooms` hr WHERE hr.`room_type` = OLD.`room_type` AND hr.`retired_at` IS NULL
  ) WHERE `room_type` = OLD.`room_type`;
END;

-- trigger hotel_rooms_listed_insert
CREATE TRIGGER `hotel_rooms_listed_insert` AFTER INSERT ON `hotel_rooms`
BEGIN
  UPDATE `rooms` SET `listed_rooms` = (
    SELECT count(*) FROM `hotel_rooms` hr WHERE hr.`room_type` = NEW.`room_type` AND hr.`retired_at` IS NULL
  ) WHERE `room_type` = NEW.`room_type`;
END;

-- trigger hotel_rooms_listed_update
CREATE TRIGGER `hotel_rooms_listed_update` AFTER UPDATE OF `retired_at`, `room_type` ON `hotel_rooms`
BEGIN
  UPDATE `rooms` SET `listed_rooms` = (
    SELECT count(*) FROM `hotel_rooms` hr WHERE hr.`room_type` = `rooms`.`room_type` AND hr.`retired_at` IS NULL
  ) WHERE `room_type` IN (OLD.`room_type`, NEW.`room_type`);
END;

-- trigger housekeeping_tasks_follow_night_delete
CREATE TRIGGER `housekeeping_tasks_follow_night_delete` AFTER DELETE ON `room_nights`
WHEN EXISTS (SELECT 1 FROM `housekeeping_days` WHERE `date` IN (OLD.`night`, date(OLD.`night`, '+1 day')))
BEGIN
  DELETE FROM `housekeeping_tasks`
  WHERE `room_id` = OLD.`room_id` AND `date` IN (OLD.`night`, date(OLD.`night`, '+1 day')) AND `status` = 'pending'
    AND NOT EXISTS (SELECT 1 FROM `housekeeping_task_wants` w WHERE w.`date` = `housekeeping_tasks`.`date`
      AND w.`room_id` = `housekeeping_tasks`.`room_id` AND w.`kind` = `housekeeping_tasks`.`kind`);
  INSERT INTO `housekeeping_tasks` (`date`, `room_id`, `kind`, `credits`, `booking_id`, `arrival_booking_id`)
  SELECT w.`date`, w.`room_id`, w.`kind`, w.`credits`, w.`booking_id`, w.`arrival_booking_id`
  FROM `housekeeping_task_wants` w
  WHERE w.`room_id` = OLD.`room_id` AND w.`date` IN (OLD.`night`, date(OLD.`night`, '+1 day'))
  ON CONFLICT (`date`, `room_id`, `kind`) DO UPDATE SET `booking_id` = excluded.`booking_id`,
    `arrival_booking_id` = excluded.`arrival_booking_id`;
END;

-- trigger housekeeping_tasks_follow_night_insert
CREATE TRIGGER `housekeeping_tasks_follow_night_insert` AFTER INSERT ON `room_nights`
WHEN EXISTS (SELECT 1 FROM `housekeeping_days` WHERE `date` IN (NEW.`night`, date(NEW.`night`, '+1 day')))
BEGIN
  DELETE FROM `housekeeping_tasks`
  WHERE `room_id` = NEW.`room_id` AND `date` IN (NEW.`night`, date(NEW.`night`, '+1 day')) AND `status` = 'pending'
    AND NOT EXISTS (SELECT 1 FROM `housekeeping_task_wants` w WHERE w.`date` = `housekeeping_tasks`.`date`
      AND w.`room_id` = `housekeeping_tasks`.`room_id` AND w.`kind` = `housekeeping_tasks`.`kind`);
  INSERT INTO `housekeeping_tasks` (`date`, `room_id`, `kind`, `credits`, `booking_id`, `arrival_booking_id`)
  SELECT w.`date`, w.`room_id`, w.`kind`, w.`credits`, w.`booking_id`, w.`arrival_booking_id`
  FROM `housekeeping_task_wants` w
  WHERE w.`room_id` = NEW.`room_id` AND w.`date` IN (NEW.`night`, date(NEW.`night`, '+1 day'))
  ON CONFLICT (`date`, `room_id`, `kind`) DO UPDATE SET `booking_id` = excluded.`booking_id`,
    `arrival_booking_id` = excluded.`arrival_booking_id`;
END;

-- trigger inventory_version_beds
CREATE TRIGGER `inventory_version_beds` AFTER UPDATE ON `room_bed_inventory`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'inventory'; END;

-- trigger inventory_version_block_delete
CREATE TRIGGER `inventory_version_block_delete` AFTER DELETE ON `room_nights`
WHEN OLD.`block_id` IS NOT NULL
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'inventory'; END;

-- trigger inventory_version_block_insert
CREATE TRIGGER `inventory_version_block_insert` AFTER INSERT ON `room_nights`
WHEN NEW.`block_id` IS NOT NULL
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'inventory'; END;

-- trigger inventory_version_group_hold_delete
CREATE TRIGGER `inventory_version_group_hold_delete` AFTER DELETE ON `group_block_nights`
BEGIN
  UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'inventory';
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('availability', OLD.`room_type`, OLD.`night`)
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;

-- trigger inventory_version_group_hold_insert
CREATE TRIGGER `inventory_version_group_hold_insert` AFTER INSERT ON `group_block_nights`
BEGIN
  UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'inventory';
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('availability', NEW.`room_type`, NEW.`night`)
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;

-- trigger inventory_version_group_hold_update
CREATE TRIGGER `inventory_version_group_hold_update` AFTER UPDATE OF `held` ON `group_block_nights`
WHEN NEW.`held` <> OLD.`held`
BEGIN
  UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'inventory';
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('availability', NEW.`room_type`, NEW.`night`)
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;

-- trigger inventory_version_hold_delete
CREATE TRIGGER `inventory_version_hold_delete` AFTER DELETE ON `booking_nights`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'inventory'; END;

-- trigger inventory_version_hold_insert
CREATE TRIGGER `inventory_version_hold_insert` AFTER INSERT ON `booking_nights`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'inventory'; END;

-- trigger inventory_version_rooms
CREATE TRIGGER `inventory_version_rooms` AFTER UPDATE ON `room_inventory`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'inventory'; END;

-- trigger inventory_version_smoking
CREATE TRIGGER `inventory_version_smoking` AFTER UPDATE ON `room_smoking_inventory`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'inventory'; END;

-- trigger invoice_lines_no_delete
CREATE TRIGGER `invoice_lines_no_delete` BEFORE DELETE ON `invoice_lines`
BEGIN
  SELECT RAISE(ABORT, 'invoice_immutable');
END;

-- trigger invoice_lines_no_update
CREATE TRIGGER `invoice_lines_no_update` BEFORE UPDATE ON `invoice_lines`
BEGIN
  SELECT RAISE(ABORT, 'invoice_immutable');
END;

-- trigger invoices_no_delete
CREATE TRIGGER `invoices_no_delete` BEFORE DELETE ON `invoices`
BEGIN
  SELECT RAISE(ABORT, 'invoice_immutable');
END;

-- trigger invoices_no_update
CREATE TRIGGER `invoices_no_update` BEFORE UPDATE ON `invoices`
BEGIN
  SELECT RAISE(ABORT, 'invoice_immutable');
END;

-- trigger media_owner_cap
CREATE TRIGGER `media_owner_cap` BEFORE INSERT ON `media`
WHEN (SELECT count(*) FROM `media` WHERE `owner_kind` = NEW.`owner_kind` AND `owner_id` = NEW.`owner_id`) >= 12
BEGIN SELECT RAISE(ABORT, 'media_too_many'); END;

-- trigger notifications_version_insert
CREATE TRIGGER `notifications_version_insert` AFTER INSERT ON `notifications`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'notifications'; END;

-- trigger notifications_version_staff_alert
CREATE TRIGGER `notifications_version_staff_alert` AFTER INSERT ON `staff_alerts`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'notifications'; END;

-- trigger notifications_version_staff_read
CREATE TRIGGER `notifications_version_staff_read` AFTER INSERT ON `staff_alert_reads`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'notifications'; END;

-- trigger notifications_version_staff_watermark_insert
CREATE TRIGGER `notifications_version_staff_watermark_insert` AFTER INSERT ON `staff_alert_watermarks`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'notifications'; END;

-- trigger notifications_version_staff_watermark_update
CREATE TRIGGER `notifications_version_staff_watermark_update` AFTER UPDATE ON `staff_alert_watermarks`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'notifications'; END;

-- trigger notifications_version_update
CREATE TRIGGER `notifications_version_update` AFTER UPDATE ON `notifications`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'notifications'; END;

-- trigger offers_window_insert
CREATE TRIGGER `offers_window_insert` BEFORE INSERT ON `offers`
WHEN (NEW.`valid_from` IS NOT NULL AND NEW.`valid_to` IS NOT NULL AND NEW.`valid_from` > NEW.`valid_to`)
  OR NEW.`discount` < 0 OR NEW.`discount` > 90
BEGIN SELECT RAISE(ABORT, 'offer window or discount out of range'); END;

-- trigger offers_window_update
CREATE TRIGGER `offers_window_update` BEFORE UPDATE ON `offers`
WHEN (NEW.`valid_from` IS NOT NULL AND NEW.`valid_to` IS NOT NULL AND NEW.`valid_from` > NEW.`valid_to`)
  OR NEW.`discount` < 0 OR NEW.`discount` > 90
BEGIN SELECT RAISE(ABORT, 'offer window or discount out of range'); END;

-- trigger outlet_check_voids_day_closed
CREATE TRIGGER `outlet_check_voids_day_closed` BEFORE INSERT ON `outlet_check_voids`
WHEN EXISTS (SELECT 1 FROM `day_closes` WHERE `date` = NEW.`business_date`
  OR `date` = (SELECT `business_date` FROM `outlet_checks` WHERE `id` = NEW.`check_id`))
BEGIN
  SELECT RAISE(ABORT, 'day_closed');
END;

-- trigger outlet_check_voids_no_delete
CREATE TRIGGER `outlet_check_voids_no_delete` BEFORE DELETE ON `outlet_check_voids`
BEGIN
  SELECT RAISE(ABORT, 'outlet_check_immutable');
END;

-- trigger outlet_check_voids_no_update
CREATE TRIGGER `outlet_check_voids_no_update` BEFORE UPDATE ON `outlet_check_voids`
BEGIN
  SELECT RAISE(ABORT, 'outlet_check_immutable');
END;

-- trigger outlet_checks_day_closed
CREATE TRIGGER `outlet_checks_day_closed` BEFORE INSERT ON `outlet_checks`
WHEN EXISTS (SELECT 1 FROM `day_closes` WHERE `date` = NEW.`business_date`)
BEGIN
  SELECT RAISE(ABORT, 'day_closed');
END;

-- trigger outlet_checks_no_delete
CREATE TRIGGER `outlet_checks_no_delete` BEFORE DELETE ON `outlet_checks`
BEGIN
  SELECT RAISE(ABORT, 'outlet_check_immutable');
END;

-- trigger outlet_checks_no_update
CREATE TRIGGER `outlet_checks_no_update` BEFORE UPDATE ON `outlet_checks`
BEGIN
  SELECT RAISE(ABORT, 'outlet_check_immutable');
END;

-- trigger outlet_orders_decided_once
CREATE TRIGGER `outlet_orders_decided_once` BEFORE UPDATE OF `status` ON `outlet_orders`
WHEN OLD.`status` <> 'sent' AND NEW.`status` <> OLD.`status`
BEGIN
  SELECT RAISE(ABORT, 'order_not_open');
END;

-- trigger payment_refunds_limit
CREATE TRIGGER `payment_refunds_limit` BEFORE INSERT ON `payment_refunds`
WHEN NOT EXISTS (
  SELECT 1 FROM `folio_lines` p WHERE p.`id` = NEW.`payment_line_id` AND p.`booking_id` = NEW.`booking_id`
    AND p.`kind` = 'payment' AND p.`method` = 'online'
    AND p.`amount_baisa` >= NEW.`amount_baisa`
      + (SELECT coalesce(sum(r.`amount_baisa`), 0) FROM `folio_lines` r WHERE r.`refunds_line_id` = p.`id`)
      + (SELECT coalesce(sum(q.`amount_baisa`), 0) FROM `payment_refunds` q
         WHERE q.`payment_line_id` = p.`id` AND q.`status` IN ('requested', 'sending', 'sent'))
)
BEGIN
  SELECT RAISE(ABORT, 'refund_exceeds_payment');
END;

-- trigger points_version_insert
CREATE TRIGGER `points_version_insert` AFTER INSERT ON `point_transactions`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'points'; END;

-- trigger reviews_is_approved_sync
CREATE TRIGGER `reviews_is_approved_sync` AFTER UPDATE OF `status` ON `reviews`
BEGIN UPDATE `reviews` SET `is_approved` = (NEW.`status` = 'approved') WHERE `id` = NEW.`id`; END;

-- trigger reviews_version_delete
CREATE TRIGGER `reviews_version_delete` AFTER DELETE ON `reviews`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'reviews'; END;

-- trigger reviews_version_insert
CREATE TRIGGER `reviews_version_insert` AFTER INSERT ON `reviews`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'reviews'; END;

-- trigger reviews_version_update
CREATE TRIGGER `reviews_version_update` AFTER UPDATE ON `reviews`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'reviews'; END;

-- trigger rollup_bookings_delete
CREATE TRIGGER `rollup_bookings_delete` AFTER DELETE ON `booking_submissions`
BEGIN
  INSERT INTO `rollup_nights` (`night`, `room_nights`, `revenue`)
  SELECT date(OLD.`check_in_date`, '+' || `key` || ' days'), -1,
    -(CASE WHEN OLD.`is_points_booking` = 1 OR OLD.`total_price` IS NULL THEN 0
      WHEN json_array_length(OLD.`night_prices`) = cast(julianday(OLD.`check_out_date`) - julianday(OLD.`check_in_date`) AS integer)
        THEN json_extract(OLD.`night_prices`, '$[' || `key` || ']')
      ELSE OLD.`total_price` / cast(julianday(OLD.`check_out_date`) - julianday(OLD.`check_in_date`) AS integer) END)
  FROM json_each('[' || rtrim(replace(hex(zeroblob(cast(julianday(OLD.`check_out_date`) - julianday(OLD.`check_in_date`) AS integer))), '00', '0,'), ',') || ']')
  WHERE OLD.`status` IN ('approved', 'confirmed', 'completed')
  ON CONFLICT (`night`) DO UPDATE SET `room_nights` = `room_nights` + excluded.`room_nights`, `revenue` = `revenue` + excluded.`revenue`;
  INSERT INTO `rollup_months` (`month`, `room_nights`, `revenue`)
  SELECT substr(date(OLD.`check_in_date`, '+' || `key` || ' days'), 1, 7) AS `m`, -count(*),
    -sum(CASE WHEN OLD.`is_points_booking` = 1 OR OLD.`total_price` IS NULL THEN 0
      WHEN json_array_length(OLD.`night_prices`) = cast(julianday(OLD.`check_out_date`) - julianday(OLD.`check_in_date`) AS integer)
        THEN json_extract(OLD.`night_prices`, '$[' || `key` || ']')
      ELSE OLD.`total_price` / cast(julianday(OLD.`check_out_date`) - julianday(OLD.`check_in_date`) AS integer) END)
  FROM json_each('[' || rtrim(replace(hex(zeroblob(cast(julianday(OLD.`check_out_date`) - julianday(OLD.`check_in_date`) AS integer))), '00', '0,'), ',') || ']')
  WHERE OLD.`status` IN ('approved', 'confirmed', 'completed') GROUP BY `m`
  ON CONFLICT (`month`) DO UPDATE SET `room_nights` = `room_nights` + excluded.`room_nights`, `revenue` = `revenue` + excluded.`revenue`;
  INSERT INTO `rollup_booking_days` (`day`, `source`, `made`, `cancelled`, `lead_days`, `stay_nights`)
  SELECT date(OLD.`created_at` / 1000, 'unixepoch', '+4 hours'),
    CASE WHEN OLD.`booking_type` = 'channel' THEN 'channel'
      WHEN OLD.`is_points_booking` = 1 OR OLD.`booking_type` = 'free_night' THEN 'points'
      WHEN OLD.`booking_type` = 'chat_assistant' THEN 'assistant'
      WHEN OLD.`created_by_staff_id` IS NOT NULL THEN 'desk'
      WHEN OLD.`booking_type` = 'quick_management' THEN 'quick'
      ELSE 'guest_form' END,
    -1, -(OLD.`status` = 'cancelled'),
    -(CASE WHEN OLD.`status` != 'cancelled' THEN
      cast(julianday(OLD.`check_in_date`) - julianday(date(OLD.`created_at` / 1000, 'unixepoch', '+4 hours')) AS integer) ELSE 0 END),
    -(CASE WHEN OLD.`status` != 'cancelled' THEN
      cast(julianday(OLD.`check_out_date`) - julianday(OLD.`check_in_date`) AS integer) ELSE 0 END)
  WHERE true
  ON CONFLICT (`day`, `source`) DO UPDATE SET `made` = `made` + excluded.`made`, `cancelled` = `cancelled` + excluded.`cancelled`,
    `lead_days` = `lead_days` + excluded.`lead_days`, `stay_nights` = `stay_nights` + excluded.`stay_nights`;
  INSERT INTO `rollup_bookings` (`status`, `room_type`, `bookings`, `revenue`)
  SELECT OLD.`status`, OLD.`room_type`, -1, -(CASE WHEN OLD.`is_points_booking` = 0 THEN coalesce(OLD.`total_price`, 0) ELSE 0 END)
  WHERE true
  ON CONFLICT (`status`, `room_type`) DO UPDATE SET `bookings` = `bookings` + excluded.`bookings`, `revenue` = `revenue` + excluded.`revenue`;
END;

-- trigger rollup_bookings_insert
CREATE TRIGGER `rollup_bookings_insert` AFTER INSERT ON `booking_submissions`
BEGIN
  INSERT INTO `rollup_nights` (`night`, `room_nights`, `revenue`)
  SELECT date(NEW.`check_in_date`, '+' || `key` || ' days'), 1,
    CASE WHEN NEW.`is_points_booking` = 1 OR NEW.`total_price` IS NULL THEN 0
      WHEN json_array_length(NEW.`night_prices`) = cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer)
        THEN json_extract(NEW.`night_prices`, '$[' || `key` || ']')
      ELSE NEW.`total_price` / cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer) END
  FROM json_each('[' || rtrim(replace(hex(zeroblob(cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer))), '00', '0,'), ',') || ']')
  WHERE NEW.`status` IN ('approved', 'confirmed', 'completed')
  ON CONFLICT (`night`) DO UPDATE SET `room_nights` = `room_nights` + excluded.`room_nights`, `revenue` = `revenue` + excluded.`revenue`;
  INSERT INTO `rollup_months` (`month`, `room_nights`, `revenue`)
  SELECT substr(date(NEW.`check_in_date`, '+' || `key` || ' days'), 1, 7) AS `m`, count(*),
    sum(CASE WHEN NEW.`is_points_booking` = 1 OR NEW.`total_price` IS NULL THEN 0
      WHEN json_array_length(NEW.`night_prices`) = cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer)
        THEN json_extract(NEW.`night_prices`, '$[' || `key` || ']')
      ELSE NEW.`total_price` / cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer) END)
  FROM json_each('[' || rtrim(replace(hex(zeroblob(cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer))), '00', '0,'), ',') || ']')
  WHERE NEW.`status` IN ('approved', 'confirmed', 'completed') GROUP BY `m`
  ON CONFLICT (`month`) DO UPDATE SET `room_nights` = `room_nights` + excluded.`room_nights`, `revenue` = `revenue` + excluded.`revenue`;
  INSERT INTO `rollup_booking_days` (`day`, `source`, `made`, `cancelled`, `lead_days`, `stay_nights`)
  SELECT date(NEW.`created_at` / 1000, 'unixepoch', '+4 hours'),
    CASE WHEN NEW.`booking_type` = 'channel' THEN 'channel'
      WHEN NEW.`is_points_booking` = 1 OR NEW.`booking_type` = 'free_night' THEN 'points'
      WHEN NEW.`booking_type` = 'chat_assistant' THEN 'assistant'
      WHEN NEW.`created_by_staff_id` IS NOT NULL THEN 'desk'
      WHEN NEW.`booking_type` = 'quick_management' THEN 'quick'
      ELSE 'guest_form' END,
    1, NEW.`status` = 'cancelled',
    CASE WHEN NEW.`status` != 'cancelled' THEN
      cast(julianday(NEW.`check_in_date`) - julianday(date(NEW.`created_at` / 1000, 'unixepoch', '+4 hours')) AS integer) ELSE 0 END,
    CASE WHEN NEW.`status` != 'cancelled' THEN
      cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer) ELSE 0 END
  WHERE true
  ON CONFLICT (`day`, `source`) DO UPDATE SET `made` = `made` + excluded.`made`, `cancelled` = `cancelled` + excluded.`cancelled`,
    `lead_days` = `lead_days` + excluded.`lead_days`, `stay_nights` = `stay_nights` + excluded.`stay_nights`;
  INSERT INTO `rollup_bookings` (`status`, `room_type`, `bookings`, `revenue`)
  SELECT NEW.`status`, NEW.`room_type`, 1, CASE WHEN NEW.`is_points_booking` = 0 THEN coalesce(NEW.`total_price`, 0) ELSE 0 END
  WHERE true
  ON CONFLICT (`status`, `room_type`) DO UPDATE SET `bookings` = `bookings` + excluded.`bookings`, `revenue` = `revenue` + excluded.`revenue`;
END;

-- trigger rollup_bookings_update
CREATE TRIGGER `rollup_bookings_update` AFTER UPDATE ON `booking_submissions`
WHEN OLD.`status` IS NOT NEW.`status` OR OLD.`check_in_date` IS NOT NEW.`check_in_date`
  OR OLD.`check_out_date` IS NOT NEW.`check_out_date` OR OLD.`total_price` IS NOT NEW.`total_price`
  OR OLD.`is_points_booking` IS NOT NEW.`is_points_booking` OR OLD.`booking_type` IS NOT NEW.`booking_type`
  OR OLD.`created_by_staff_id` IS NOT NEW.`created_by_staff_id` OR OLD.`created_at` IS NOT NEW.`created_at`
  OR OLD.`room_type` IS NOT NEW.`room_type` OR OLD.`night_prices` IS NOT NEW.`night_prices`
BEGIN
  INSERT INTO `rollup_nights` (`night`, `room_nights`, `revenue`)
  SELECT date(OLD.`check_in_date`, '+' || `key` || ' days'), -1,
    -(CASE WHEN OLD.`is_points_booking` = 1 OR OLD.`total_price` IS NULL THEN 0
      WHEN json_array_length(OLD.`night_prices`) = cast(julianday(OLD.`check_out_date`) - julianday(OLD.`check_in_date`) AS integer)
        THEN json_extract(OLD.`night_prices`, '$[' || `key` || ']')
      ELSE OLD.`total_price` / cast(julianday(OLD.`check_out_date`) - julianday(OLD.`check_in_date`) AS integer) END)
  FROM json_each('[' || rtrim(replace(hex(zeroblob(cast(julianday(OLD.`check_out_date`) - julianday(OLD.`check_in_date`) AS integer))), '00', '0,'), ',') || ']')
  WHERE OLD.`status` IN ('approved', 'confirmed', 'completed')
  ON CONFLICT (`night`) DO UPDATE SET `room_nights` = `room_nights` + excluded.`room_nights`, `revenue` = `revenue` + excluded.`revenue`;
  INSERT INTO `rollup_nights` (`night`, `room_nights`, `revenue`)
  SELECT date(NEW.`check_in_date`, '+' || `key` || ' days'), 1,
    CASE WHEN NEW.`is_points_booking` = 1 OR NEW.`total_price` IS NULL THEN 0
      WHEN json_array_length(NEW.`night_prices`) = cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer)
        THEN json_extract(NEW.`night_prices`, '$[' || `key` || ']')
      ELSE NEW.`total_price` / cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer) END
  FROM json_each('[' || rtrim(replace(hex(zeroblob(cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer))), '00', '0,'), ',') || ']')
  WHERE NEW.`status` IN ('approved', 'confirmed', 'completed')
  ON CONFLICT (`night`) DO UPDATE SET `room_nights` = `room_nights` + excluded.`room_nights`, `revenue` = `revenue` + excluded.`revenue`;
  INSERT INTO `rollup_months` (`month`, `room_nights`, `revenue`)
  SELECT substr(date(OLD.`check_in_date`, '+' || `key` || ' days'), 1, 7) AS `m`, -count(*),
    -sum(CASE WHEN OLD.`is_points_booking` = 1 OR OLD.`total_price` IS NULL THEN 0
      WHEN json_array_length(OLD.`night_prices`) = cast(julianday(OLD.`check_out_date`) - julianday(OLD.`check_in_date`) AS integer)
        THEN json_extract(OLD.`night_prices`, '$[' || `key` || ']')
      ELSE OLD.`total_price` / cast(julianday(OLD.`check_out_date`) - julianday(OLD.`check_in_date`) AS integer) END)
  FROM json_each('[' || rtrim(replace(hex(zeroblob(cast(julianday(OLD.`check_out_date`) - julianday(OLD.`check_in_date`) AS integer))), '00', '0,'), ',') || ']')
  WHERE OLD.`status` IN ('approved', 'confirmed', 'completed') GROUP BY `m`
  ON CONFLICT (`month`) DO UPDATE SET `room_nights` = `room_nights` + excluded.`room_nights`, `revenue` = `revenue` + excluded.`revenue`;
  INSERT INTO `rollup_months` (`month`, `room_nights`, `revenue`)
  SELECT substr(date(NEW.`check_in_date`, '+' || `key` || ' days'), 1, 7) AS `m`, count(*),
    sum(CASE WHEN NEW.`is_points_booking` = 1 OR NEW.`total_price` IS NULL THEN 0
      WHEN json_array_length(NEW.`night_prices`) = cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer)
        THEN json_extract(NEW.`night_prices`, '$[' || `key` || ']')
      ELSE NEW.`total_price` / cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer) END)
  FROM json_each('[' || rtrim(replace(hex(zeroblob(cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer))), '00', '0,'), ',') || ']')
  WHERE NEW.`status` IN ('approved', 'confirmed', 'completed') GROUP BY `m`
  ON CONFLICT (`month`) DO UPDATE SET `room_nights` = `room_nights` + excluded.`room_nights`, `revenue` = `revenue` + excluded.`revenue`;
  INSERT INTO `rollup_booking_days` (`day`, `source`, `made`, `cancelled`, `lead_days`, `stay_nights`)
  SELECT date(OLD.`created_at` / 1000, 'unixepoch', '+4 hours'),
    CASE WHEN OLD.`booking_type` = 'channel' THEN 'channel'
      WHEN OLD.`is_points_booking` = 1 OR OLD.`booking_type` = 'free_night' THEN 'points'
      WHEN OLD.`booking_type` = 'chat_assistant' THEN 'assistant'
      WHEN OLD.`created_by_staff_id` IS NOT NULL THEN 'desk'
      WHEN OLD.`booking_type` = 'quick_management' THEN 'quick'
      ELSE 'guest_form' END,
    -1, -(OLD.`status` = 'cancelled'),
    -(CASE WHEN OLD.`status` != 'cancelled' THEN
      cast(julianday(OLD.`check_in_date`) - julianday(date(OLD.`created_at` / 1000, 'unixepoch', '+4 hours')) AS integer) ELSE 0 END),
    -(CASE WHEN OLD.`status` != 'cancelled' THEN
      cast(julianday(OLD.`check_out_date`) - julianday(OLD.`check_in_date`) AS integer) ELSE 0 END)
  WHERE true
  ON CONFLICT (`day`, `source`) DO UPDATE SET `made` = `made` + excluded.`made`, `cancelled` = `cancelled` + excluded.`cancelled`,
    `lead_days` = `lead_days` + excluded.`lead_days`, `stay_nights` = `stay_nights` + excluded.`stay_nights`;
  INSERT INTO `rollup_booking_days` (`day`, `source`, `made`, `cancelled`, `lead_days`, `stay_nights`)
  SELECT date(NEW.`created_at` / 1000, 'unixepoch', '+4 hours'),
    CASE WHEN NEW.`booking_type` = 'channel' THEN 'channel'
      WHEN NEW.`is_points_booking` = 1 OR NEW.`booking_type` = 'free_night' THEN 'points'
      WHEN NEW.`booking_type` = 'chat_assistant' THEN 'assistant'
      WHEN NEW.`created_by_staff_id` IS NOT NULL THEN 'desk'
      WHEN NEW.`booking_type` = 'quick_management' THEN 'quick'
      ELSE 'guest_form' END,
    1, NEW.`status` = 'cancelled',
    CASE WHEN NEW.`status` != 'cancelled' THEN
      cast(julianday(NEW.`check_in_date`) - julianday(date(NEW.`created_at` / 1000, 'unixepoch', '+4 hours')) AS integer) ELSE 0 END,
    CASE WHEN NEW.`status` != 'cancelled' THEN
      cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer) ELSE 0 END
  WHERE true
  ON CONFLICT (`day`, `source`) DO UPDATE SET `made` = `made` + excluded.`made`, `cancelled` = `cancelled` + excluded.`cancelled`,
    `lead_days` = `lead_days` + excluded.`lead_days`, `stay_nights` = `stay_nights` + excluded.`stay_nights`;
  INSERT INTO `rollup_bookings` (`status`, `room_type`, `bookings`, `revenue`)
  SELECT OLD.`status`, OLD.`room_type`, -1, -(CASE WHEN OLD.`is_points_booking` = 0 THEN coalesce(OLD.`total_price`, 0) ELSE 0 END)
  WHERE true
  ON CONFLICT (`status`, `room_type`) DO UPDATE SET `bookings` = `bookings` + excluded.`bookings`, `revenue` = `revenue` + excluded.`revenue`;
  INSERT INTO `rollup_bookings` (`status`, `room_type`, `bookings`, `revenue`)
  SELECT NEW.`status`, NEW.`room_type`, 1, CASE WHEN NEW.`is_points_booking` = 0 THEN coalesce(NEW.`total_price`, 0) ELSE 0 END
  WHERE true
  ON CONFLICT (`status`, `room_type`) DO UPDATE SET `bookings` = `bookings` + excluded.`bookings`, `revenue` = `revenue` + excluded.`revenue`;
END;

-- trigger rollup_reviews_delete
CREATE TRIGGER `rollup_reviews_delete` AFTER DELETE ON `reviews`
BEGIN
  UPDATE `rollup_reviews` SET `reviews` = `reviews` - 1, `stars` = `stars` - OLD.`star_rating` WHERE `status` = OLD.`status`;
END;

-- trigger rollup_reviews_insert
CREATE TRIGGER `rollup_reviews_insert` AFTER INSERT ON `reviews`
BEGIN
  INSERT INTO `rollup_reviews` (`status`, `reviews`, `stars`) VALUES (NEW.`status`, 1, NEW.`star_rating`)
  ON CONFLICT (`status`) DO UPDATE SET `reviews` = `reviews` + 1, `stars` = `stars` + excluded.`stars`;
END;

-- trigger rollup_reviews_update
CREATE TRIGGER `rollup_reviews_update` AFTER UPDATE OF `status`, `star_rating` ON `reviews`
WHEN OLD.`status` IS NOT NEW.`status` OR OLD.`star_rating` IS NOT NEW.`star_rating`
BEGIN
  UPDATE `rollup_reviews` SET `reviews` = `reviews` - 1, `stars` = `stars` - OLD.`star_rating` WHERE `status` = OLD.`status`;
  INSERT INTO `rollup_reviews` (`status`, `reviews`, `stars`) VALUES (NEW.`status`, 1, NEW.`star_rating`)
  ON CONFLICT (`status`) DO UPDATE SET `reviews` = `reviews` + 1, `stars` = `stars` + excluded.`stars`;
END;

-- trigger rollup_service_visits_delete
CREATE TRIGGER `rollup_service_visits_delete` AFTER DELETE ON `service_visits`
BEGIN
  UPDATE `rollup_service_visits` SET `visits` = `visits` - 1
  WHERE `service_name` = OLD.`service_name` AND `service_category` = OLD.`service_category`;
  UPDATE `rollup_service_visit_days` SET `visits` = `visits` - 1
  WHERE `visit_date` = OLD.`visit_date` AND `service_name` = OLD.`service_name`;
END;

-- trigger rollup_service_visits_insert
CREATE TRIGGER `rollup_service_visits_insert` AFTER INSERT ON `service_visits`
BEGIN
  INSERT INTO `rollup_service_visits` (`service_name`, `service_category`, `visits`)
  VALUES (NEW.`service_name`, NEW.`service_category`, 1)
  ON CONFLICT (`service_name`, `service_category`) DO UPDATE SET `visits` = `visits` + 1;
  INSERT INTO `rollup_service_visit_days` (`visit_date`, `service_name`, `visits`)
  VALUES (NEW.`visit_date`, NEW.`service_name`, 1)
  ON CONFLICT (`visit_date`, `service_name`) DO UPDATE SET `visits` = `visits` + 1;
END;

-- trigger rollup_service_visits_update
CREATE TRIGGER `rollup_service_visits_update` AFTER UPDATE OF `service_name`, `service_category`, `visit_date` ON `service_visits`
BEGIN
  UPDATE `rollup_service_visits` SET `visits` = `visits` - 1
  WHERE `service_name` = OLD.`service_name` AND `service_category` = OLD.`service_category`;
  UPDATE `rollup_service_visit_days` SET `visits` = `visits` - 1
  WHERE `visit_date` = OLD.`visit_date` AND `service_name` = OLD.`service_name`;
  INSERT INTO `rollup_service_visits` (`service_name`, `service_category`, `visits`)
  VALUES (NEW.`service_name`, NEW.`service_category`, 1)
  ON CONFLICT (`service_name`, `service_category`) DO UPDATE SET `visits` = `visits` + 1;
  INSERT INTO `rollup_service_visit_days` (`visit_date`, `service_name`, `visits`)
  VALUES (NEW.`visit_date`, NEW.`service_name`, 1)
  ON CONFLICT (`visit_date`, `service_name`) DO UPDATE SET `visits` = `visits` + 1;
END;

-- trigger rollup_site_visits_delete
CREATE TRIGGER `rollup_site_visits_delete` AFTER DELETE ON `site_visits`
BEGIN
  UPDATE `rollup_site_visit_days` SET `visits` = `visits` - 1 WHERE `visit_date` = OLD.`visit_date`;
END;

-- trigger rollup_site_visits_insert
CREATE TRIGGER `rollup_site_visits_insert` AFTER INSERT ON `site_visits`
BEGIN
  INSERT INTO `rollup_site_visit_days` (`visit_date`, `visits`) VALUES (NEW.`visit_date`, 1)
  ON CONFLICT (`visit_date`) DO UPDATE SET `visits` = `visits` + 1;
END;

-- trigger rollup_site_visits_update
CREATE TRIGGER `rollup_site_visits_update` AFTER UPDATE OF `visit_date` ON `site_visits`
WHEN OLD.`visit_date` IS NOT NEW.`visit_date`
BEGIN
  UPDATE `rollup_site_visit_days` SET `visits` = `visits` - 1 WHERE `visit_date` = OLD.`visit_date`;
  INSERT INTO `rollup_site_visit_days` (`visit_date`, `visits`) VALUES (NEW.`visit_date`, 1)
  ON CONFLICT (`visit_date`) DO UPDATE SET `visits` = `visits` + 1;
END;

-- trigger rollup_users_delete
CREATE TRIGGER `rollup_users_delete` AFTER DELETE ON `users`
WHEN OLD.`role` = 'guest' AND OLD.`is_verified` = 1
BEGIN
  UPDATE `rollup_counts` SET `value` = `value` - 1 WHERE `name` = 'registered_users';
END;

-- trigger rollup_users_insert
CREATE TRIGGER `rollup_users_insert` AFTER INSERT ON `users`
WHEN NEW.`role` = 'guest' AND NEW.`is_verified` = 1
BEGIN
  UPDATE `rollup_counts` SET `value` = `value` + 1 WHERE `name` = 'registered_users';
END;

-- trigger rollup_users_update
CREATE TRIGGER `rollup_users_update` AFTER UPDATE OF `role`, `is_verified` ON `users`
WHEN (OLD.`role` = 'guest' AND OLD.`is_verified` = 1) IS NOT (NEW.`role` = 'guest' AND NEW.`is_verified` = 1)
BEGIN
  UPDATE `rollup_counts` SET `value` = `value` + (CASE WHEN NEW.`role` = 'guest' AND NEW.`is_verified` = 1 THEN 1 ELSE -1 END)
  WHERE `name` = 'registered_users';
END;

-- trigger room_nights_block_within_allotment
CREATE TRIGGER `room_nights_block_within_allotment`
BEFORE INSERT ON `room_nights`
WHEN NEW.`block_id` IS NOT NULL
BEGIN
  SELECT RAISE(ABORT, 'out_of_order_below_held')
  WHERE (SELECT count(*) FROM `booking_nights`
         WHERE `room_type` = NEW.`room_type` AND `night` = NEW.`night` AND `group_id` IS NULL)
      + (SELECT count(*) FROM `room_nights`
         WHERE `room_type` = NEW.`room_type` AND `night` = NEW.`night` AND `block_id` IS NOT NULL)
      + (SELECT coalesce(sum(`held`), 0) FROM `group_block_nights`
         WHERE `room_type` = NEW.`room_type` AND `night` = NEW.`night`)
    >= coalesce((SELECT `total_count` FROM `room_inventory` WHERE `room_type` = NEW.`room_type`), 0);
END;

-- trigger rooms_type_check_insert
CREATE TRIGGER `rooms_type_check_insert` BEFORE INSERT ON `rooms`
WHEN NOT (
  NEW.`room_type` GLOB '[a-z]*' AND length(NEW.`room_type`) BETWEEN 2 AND 32
  AND NEW.`room_type` NOT GLOB '*[^a-z0-9-]*'
  AND NEW.`max_guests` BETWEEN 1 AND 12 AND NEW.`base_occupancy` BETWEEN 1 AND NEW.`max_guests`
  AND NEW.`max_adults` BETWEEN 1 AND NEW.`max_guests` AND NEW.`max_children` BETWEEN 0 AND NEW.`max_guests`
  AND NEW.`extra_beds` BETWEEN 0 AND 12 AND NEW.`room_count` BETWEEN 0 AND 999
  AND NEW.`points_per_stay` >= 0 AND coalesce(NEW.`free_night_points`, 1) > 0
)
BEGIN SELECT RAISE(ABORT, 'room_type_invalid'); END;

-- trigger rooms_type_check_update
CREATE TRIGGER `rooms_type_check_update` BEFORE UPDATE ON `rooms`
WHEN NEW.`room_type` <> OLD.`room_type` OR NOT (
  NEW.`max_guests` BETWEEN 1 AND 12 AND NEW.`base_occupancy` BETWEEN 1 AND NEW.`max_guests`
  AND NEW.`max_adults` BETWEEN 1 AND NEW.`max_guests` AND NEW.`max_children` BETWEEN 0 AND NEW.`max_guests`
  AND NEW.`extra_beds` BETWEEN 0 AND 12 AND NEW.`room_count` BETWEEN 0 AND 999
  AND NEW.`points_per_stay` >= 0 AND coalesce(NEW.`free_night_points`, 1) > 0
)
BEGIN SELECT RAISE(ABORT, 'room_type_invalid'); END;

-- trigger rooms_version_insert
CREATE TRIGGER `rooms_version_insert` AFTER INSERT ON `hotel_rooms`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'rooms'; END;

-- trigger rooms_version_night_delete
CREATE TRIGGER `rooms_version_night_delete` AFTER DELETE ON `room_nights`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'rooms'; END;

-- trigger rooms_version_night_insert
CREATE TRIGGER `rooms_version_night_insert` AFTER INSERT ON `room_nights`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'rooms'; END;

-- trigger rooms_version_update
CREATE TRIGGER `rooms_version_update` AFTER UPDATE ON `hotel_rooms`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'rooms'; END;

-- trigger sessions_copy_user_on_insert
CREATE TRIGGER `sessions_copy_user_on_insert` AFTER INSERT ON `sessions`
BEGIN
  UPDATE `sessions` SET
    `user_full_name` = (SELECT `full_name` FROM `users` WHERE `id` = NEW.`user_id`),
    `user_email` = (SELECT `email` FROM `users` WHERE `id` = NEW.`user_id`),
    `user_role` = (SELECT `role` FROM `users` WHERE `id` = NEW.`user_id`)
  WHERE `id_hash` = NEW.`id_hash`;
  DELETE FROM `sessions` WHERE `id_hash` = NEW.`id_hash` AND NOT EXISTS (
    SELECT 1 FROM `users` WHERE `id` = NEW.`user_id` AND `is_disabled` = 0 AND `is_verified` = 1
  );
END;

-- trigger sessions_copy_user_on_update
CREATE TRIGGER `sessions_copy_user_on_update` AFTER UPDATE OF `full_name`, `email`, `role` ON `users`
BEGIN
  UPDATE `sessions` SET `user_full_name` = NEW.`full_name`, `user_email` = NEW.`email`, `user_role` = NEW.`role`
  WHERE `user_id` = NEW.`id`;
END;

-- trigger sessions_end_for_locked_user
CREATE TRIGGER `sessions_end_for_locked_user` AFTER UPDATE OF `is_disabled`, `is_verified` ON `users`
WHEN NEW.`is_disabled` = 1 OR NEW.`is_verified` = 0
BEGIN
  DELETE FROM `sessions` WHERE `user_id` = NEW.`id`;
END;

-- trigger site_hours_from_standard
CREATE TRIGGER `site_hours_from_standard` AFTER UPDATE OF `cancellation` ON `rate_plans`
WHEN NEW.`code` = 'standard' AND json_extract(NEW.`cancellation`, '$.kind') = 'free_until'
BEGIN
  UPDATE `site_settings`
  SET `free_cancellation_hours` = json_extract(NEW.`cancellation`, '$.hours')
  WHERE `free_cancellation_hours` IS NOT json_extract(NEW.`cancellation`, '$.hours');
END;

-- trigger site_settings_single_row
CREATE TRIGGER `site_settings_single_row` BEFORE INSERT ON `site_settings` WHEN NEW.`id` <> 1
BEGIN SELECT RAISE(ABORT, 'site_settings has one row (id 1)'); END;

-- trigger staff_alert_booking
CREATE TRIGGER `staff_alert_booking` AFTER INSERT ON `booking_submissions`
WHEN NEW.`created_by_staff_id` IS NULL
BEGIN
  INSERT INTO `staff_alerts` (`kind`, `booking_id`, `reason`)
  VALUES (
    CASE
      WHEN NEW.`channel_booking_id` IS NOT NULL AND NEW.`channel_flag` IS NOT NULL THEN 'channel_booking_flagged'
      WHEN NEW.`channel_booking_id` IS NOT NULL THEN 'channel_booking'
      WHEN NEW.`is_points_booking` THEN 'free_night'
      ELSE 'booking_request'
    END,
    NEW.`id`,
    NEW.`channel_flag`
  );
END;

-- trigger staff_alert_google_review
CREATE TRIGGER `staff_alert_google_review` AFTER INSERT ON `google_review_submissions`
BEGIN
  INSERT INTO `staff_alerts` (`kind`, `entry_id`) VALUES ('rating_entry', NEW.`id`);
END;

-- trigger staff_alert_location_sharing
CREATE TRIGGER `staff_alert_location_sharing` AFTER INSERT ON `location_sharing_submissions`
BEGIN
  INSERT INTO `staff_alerts` (`kind`, `entry_id`) VALUES ('location_entry', NEW.`id`);
END;

-- trigger staff_alert_photography
CREATE TRIGGER `staff_alert_photography` AFTER INSERT ON `photography_submissions`
BEGIN
  INSERT INTO `staff_alerts` (`kind`, `entry_id`) VALUES ('photography_entry', NEW.`id`);
END;

-- trigger standard_hours_from_site_settings_insert
CREATE TRIGGER `standard_hours_from_site_settings_insert` AFTER INSERT ON `site_settings`
BEGIN
  UPDATE `rate_plans`
  SET `cancellation` = json_object('kind', 'free_until', 'hours', NEW.`free_cancellation_hours`),
    `updated_at` = cast(unixepoch('subsec') * 1000 as integer)
  WHERE `code` = 'standard'
    AND `cancellation` IS NOT json_object('kind', 'free_until', 'hours', NEW.`free_cancellation_hours`);
END;

-- trigger standard_hours_from_site_settings_update
CREATE TRIGGER `standard_hours_from_site_settings_update` AFTER UPDATE OF `free_cancellation_hours` ON `site_settings`
WHEN NEW.`free_cancellation_hours` IS NOT OLD.`free_cancellation_hours`
BEGIN
  UPDATE `rate_plans`
  SET `cancellation` = json_object('kind', 'free_until', 'hours', NEW.`free_cancellation_hours`),
    `updated_at` = cast(unixepoch('subsec') * 1000 as integer)
  WHERE `code` = 'standard'
    AND `cancellation` IS NOT json_object('kind', 'free_until', 'hours', NEW.`free_cancellation_hours`);
END;

-- trigger stay_check_in_status
CREATE TRIGGER `stay_check_in_status` BEFORE UPDATE OF `status`, `checked_in_at`, `checked_out_at` ON `booking_submissions`
WHEN (NEW.`checked_in_at` IS NOT NULL AND NEW.`status` NOT IN ('approved', 'confirmed', 'completed'))
  OR (NEW.`checked_out_at` IS NOT NULL AND (NEW.`checked_in_at` IS NULL OR NEW.`status` <> 'completed'))
BEGIN
  SELECT RAISE(ABORT, 'stay_state_invalid');
END;

-- trigger stay_in_house_completed_by_check_out
CREATE TRIGGER `stay_in_house_completed_by_check_out` BEFORE UPDATE OF `status`, `checked_in_at`, `checked_out_at` ON `booking_submissions`
WHEN NEW.`status` = 'completed' AND NEW.`checked_in_at` IS NOT NULL AND NEW.`checked_out_at` IS NULL
BEGIN
  SELECT RAISE(ABORT, 'stay_in_house');
END;

-- trigger stay_in_house_not_cancelled
CREATE TRIGGER `stay_in_house_not_cancelled` BEFORE UPDATE OF `status`, `checked_in_at` ON `booking_submissions`
WHEN NEW.`status` = 'cancelled' AND NEW.`checked_in_at` IS NOT NULL
BEGIN
  SELECT RAISE(ABORT, 'stay_in_house');
END;

-- trigger stay_one_in_house_per_room
CREATE TRIGGER `stay_one_in_house_per_room` BEFORE UPDATE OF `checked_in_at`, `checked_out_at`, `room_id` ON `booking_submissions`
WHEN NEW.`checked_in_at` IS NOT NULL AND NEW.`checked_out_at` IS NULL AND NEW.`room_id` IS NOT NULL
  AND (OLD.`checked_in_at` IS NULL OR OLD.`checked_out_at` IS NOT NULL OR OLD.`room_id` IS NOT NEW.`room_id`)
  AND EXISTS (SELECT 1 FROM `booking_submissions` b INDEXED BY `booking_submissions_in_house_room_idx`
    WHERE b.`room_id` = NEW.`room_id` AND b.`id` <> NEW.`id`
      AND b.`checked_in_at` IS NOT NULL AND b.`checked_out_at` IS NULL)
BEGIN
  SELECT RAISE(ABORT, 'room_occupied');
END;

-- trigger stay_one_in_house_per_room_insert
CREATE TRIGGER `stay_one_in_house_per_room_insert` BEFORE INSERT ON `booking_submissions`
WHEN NEW.`checked_in_at` IS NOT NULL AND NEW.`checked_out_at` IS NULL AND NEW.`room_id` IS NOT NULL
  AND EXISTS (SELECT 1 FROM `booking_submissions` b INDEXED BY `booking_submissions_in_house_room_idx`
    WHERE b.`room_id` = NEW.`room_id`
      AND b.`checked_in_at` IS NOT NULL AND b.`checked_out_at` IS NULL)
BEGIN
  SELECT RAISE(ABORT, 'room_occupied');
END;

-- trigger stay_registration_check_in
CREATE TRIGGER `stay_registration_check_in` AFTER UPDATE OF `checked_in_at` ON `booking_submissions`
WHEN NEW.`checked_in_at` IS NOT NULL AND OLD.`checked_in_at` IS NULL
BEGIN
  INSERT INTO `stay_registrations` (`booking_id`, `state`, `due_date`)
  VALUES (NEW.`id`, 'due', date(NEW.`checked_in_at` / 1000 + 14400, 'unixepoch'))
  ON CONFLICT (`booking_id`) DO UPDATE SET
    `state` = CASE WHEN `state` = 'sent' THEN 'corrected' ELSE 'due' END,
    `due_date` = excluded.`due_date`,
    `failed_reason` = NULL,
    `updated_at` = cast(unixepoch('subsec') * 1000 as integer);
END;

-- trigger stay_registration_checked_in_insert
CREATE TRIGGER `stay_registration_checked_in_insert` AFTER INSERT ON `booking_submissions`
WHEN NEW.`checked_in_at` IS NOT NULL
BEGIN
  INSERT INTO `stay_registrations` (`booking_id`, `state`, `due_date`)
  VALUES (NEW.`id`, 'due', date(NEW.`checked_in_at` / 1000 + 14400, 'unixepoch'))
  ON CONFLICT (`booking_id`) DO NOTHING;
END;

-- trigger stay_registration_companion_added
CREATE TRIGGER `stay_registration_companion_added` AFTER INSERT ON `stay_companions`
BEGIN
  UPDATE `stay_registrations` SET
    `state` = CASE `state` WHEN 'sent' THEN 'corrected' ELSE 'due' END,
    `due_date` = CASE WHEN `state` = 'sent' THEN date('now', '+4 hours') ELSE `due_date` END,
    `updated_at` = cast(unixepoch('subsec') * 1000 as integer)
  WHERE `booking_id` = NEW.`booking_id` AND `state` IN ('sent', 'failed') AND EXISTS (
    SELECT 1 FROM `booking_submissions` b WHERE b.`id` = NEW.`booking_id`
      AND b.`checked_in_at` IS NOT NULL AND b.`checked_out_at` IS NULL);
END;

-- trigger stay_registration_companion_changed
CREATE TRIGGER `stay_registration_companion_changed` AFTER UPDATE OF `full_name`, `nationality`, `document_type`, `document_number`, `date_of_birth` ON `stay_companions`
WHEN NEW.`full_name` IS NOT OLD.`full_name` OR NEW.`nationality` IS NOT OLD.`nationality`
  OR NEW.`document_type` IS NOT OLD.`document_type` OR NEW.`document_number` IS NOT OLD.`document_number`
  OR NEW.`date_of_birth` IS NOT OLD.`date_of_birth`
BEGIN
  UPDATE `stay_registrations` SET
    `state` = CASE `state` WHEN 'sent' THEN 'corrected' ELSE 'due' END,
    `due_date` = CASE WHEN `state` = 'sent' THEN date('now', '+4 hours') ELSE `due_date` END,
    `updated_at` = cast(unixepoch('subsec') * 1000 as integer)
  WHERE `booking_id` = NEW.`booking_id` AND `state` IN ('sent', 'failed') AND EXISTS (
    SELECT 1 FROM `booking_submissions` b WHERE b.`id` = NEW.`booking_id`
      AND b.`checked_in_at` IS NOT NULL AND b.`checked_out_at` IS NULL);
END;

-- trigger stay_registration_companion_removed
CREATE TRIGGER `stay_registration_companion_removed` AFTER DELETE ON `stay_companions`
BEGIN
  UPDATE `stay_registrations` SET
    `state` = CASE `state` WHEN 'sent' THEN 'corrected' ELSE 'due' END,
    `due_date` = CASE WHEN `state` = 'sent' THEN date('now', '+4 hours') ELSE `due_date` END,
    `updated_at` = cast(unixepoch('subsec') * 1000 as integer)
  WHERE `booking_id` = OLD.`booking_id` AND `state` IN ('sent', 'failed') AND EXISTS (
    SELECT 1 FROM `booking_submissions` b WHERE b.`id` = OLD.`booking_id`
      AND b.`checked_in_at` IS NOT NULL AND b.`checked_out_at` IS NULL);
END;

-- trigger stay_registration_profile_changed
CREATE TRIGGER `stay_registration_profile_changed` AFTER UPDATE OF `nationality`, `date_of_birth`, `document_type`, `document_number` ON `guest_profiles`
WHEN NEW.`nationality` IS NOT OLD.`nationality` OR NEW.`date_of_birth` IS NOT OLD.`date_of_birth`
  OR NEW.`document_type` IS NOT OLD.`document_type` OR NEW.`document_number` IS NOT OLD.`document_number`
BEGIN
  UPDATE `stay_registrations` SET
    `state` = CASE `state` WHEN 'sent' THEN 'corrected' ELSE 'due' END,
    `due_date` = CASE WHEN `state` = 'sent' THEN date('now', '+4 hours') ELSE `due_date` END,
    `updated_at` = cast(unixepoch('subsec') * 1000 as integer)
  WHERE `state` IN ('sent', 'failed') AND `booking_id` IN (
    SELECT b.`id` FROM `booking_submissions` b
    WHERE b.`profile_id` = NEW.`id` AND b.`checked_in_at` IS NOT NULL AND b.`checked_out_at` IS NULL);
END;

-- trigger stay_registration_stay_changed
CREATE TRIGGER `stay_registration_stay_changed` AFTER UPDATE OF `full_name`, `id_number`, `room_id`, `check_in_date`, `check_out_date`, `number_of_guests`, `adults`, `profile_id` ON `booking_submissions`
WHEN NEW.`checked_in_at` IS NOT NULL AND OLD.`checked_in_at` IS NOT NULL AND (
  NEW.`full_name` IS NOT OLD.`full_name` OR NEW.`id_number` IS NOT OLD.`id_number`
  OR NEW.`room_id` IS NOT OLD.`room_id` OR NEW.`check_in_date` IS NOT OLD.`check_in_date`
  OR NEW.`check_out_date` IS NOT OLD.`check_out_date` OR NEW.`number_of_guests` IS NOT OLD.`number_of_guests`
  OR NEW.`adults` IS NOT OLD.`adults` OR NEW.`profile_id` IS NOT OLD.`profile_id`)
BEGIN
  UPDATE `stay_registrations` SET
    `state` = CASE `state` WHEN 'sent' THEN 'corrected' WHEN 'failed' THEN 'due' ELSE `state` END,
    `due_date` = CASE WHEN `state` = 'sent' THEN date('now', '+4 hours') ELSE `due_date` END,
    `updated_at` = cast(unixepoch('subsec') * 1000 as integer)
  WHERE `booking_id` = NEW.`id` AND `state` IN ('sent', 'failed');
END;

-- trigger stay_requests_version_insert
CREATE TRIGGER `stay_requests_version_insert` AFTER INSERT ON `stay_requests`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'stay_requests'; END;

-- trigger stay_requests_version_update
CREATE TRIGGER `stay_requests_version_update` AFTER UPDATE ON `stay_requests`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'stay_requests'; END;

-- trigger stay_state_on_insert
CREATE TRIGGER `stay_state_on_insert` BEFORE INSERT ON `booking_submissions`
WHEN (NEW.`checked_in_at` IS NOT NULL AND NEW.`status` NOT IN ('approved', 'confirmed', 'completed'))
  OR (NEW.`checked_out_at` IS NOT NULL AND (NEW.`checked_in_at` IS NULL OR NEW.`status` <> 'completed'))
  OR (NEW.`status` = 'completed' AND NEW.`checked_in_at` IS NOT NULL AND NEW.`checked_out_at` IS NULL)
BEGIN
  SELECT RAISE(ABORT, 'stay_state_invalid');
END;
