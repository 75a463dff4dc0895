-- The hotel's outlets (docs/decisions/090-outlets.md): a restaurant, a café, a spa, the minibar ...
-- with their items, opening hours and staff; the checks rung up on an outlet's tablet or posted by an
-- outside point-of-sale system with an outlet's key; a check's void. A check to a room posts its
-- lines on the stay's folio in the check's batch (folio_lines.outlet_check_id names the check); a
-- check paid at the outlet is its own tax invoice (series OUT, numbered in document_counters as the
-- desk's INV). Checks and voids are never changed; neither goes on a closed day.
--
-- And a new role, outlet staff ('outlet', ranked between the guest and the housekeeper): `users` and
-- `push_subscriptions` are rebuilt for their CHECK, as migration 0049 did (the same steps, the
-- same reasons: SQLite cannot change a CHECK constraint).
PRAGMA defer_foreign_keys = on;
--> statement-breakpoint
CREATE TABLE `__keep_users` AS SELECT * FROM `users`;
--> statement-breakpoint
UPDATE `users` SET `id` = -`id`;
--> statement-breakpoint
DROP TABLE `users`;
--> statement-breakpoint
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
	CONSTRAINT "users_role_check" CHECK("users"."role" in ('guest', 'outlet', 'housekeeper', 'staff', 'manager', 'admin'))
);
--> statement-breakpoint
INSERT INTO `users` (`id`, `full_name`, `email`, `password_hash`, `role`, `is_verified`, `is_disabled`, `google_sub`, `created_at`, `updated_at`, `registration_attempt_hash`)
SELECT `id`, `full_name`, `email`, `password_hash`, `role`, `is_verified`, `is_disabled`, `google_sub`, `created_at`, `updated_at`, `registration_attempt_hash` FROM `__keep_users`;
--> statement-breakpoint
DROP TABLE `__keep_users`;
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_idx` ON `users` (`email`);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_google_sub_idx` ON `users` (`google_sub`);
--> statement-breakpoint
CREATE TRIGGER `rollup_users_delete` AFTER DELETE ON `users`
WHEN OLD.`role` = 'guest' AND OLD.`is_verified` = 1
BEGIN
  UPDATE `rollup_counts` SET `value` = `value` - 1 WHERE `name` = 'registered_users';
END;
--> statement-breakpoint
CREATE TRIGGER `rollup_users_insert` AFTER INSERT ON `users`
WHEN NEW.`role` = 'guest' AND NEW.`is_verified` = 1
BEGIN
  UPDATE `rollup_counts` SET `value` = `value` + 1 WHERE `name` = 'registered_users';
END;
--> statement-breakpoint
CREATE TRIGGER `rollup_users_update` AFTER UPDATE OF `role`, `is_verified` ON `users`
WHEN (OLD.`role` = 'guest' AND OLD.`is_verified` = 1) IS NOT (NEW.`role` = 'guest' AND NEW.`is_verified` = 1)
BEGIN
  UPDATE `rollup_counts` SET `value` = `value` + (CASE WHEN NEW.`role` = 'guest' AND NEW.`is_verified` = 1 THEN 1 ELSE -1 END)
  WHERE `name` = 'registered_users';
END;
--> statement-breakpoint
CREATE TRIGGER `sessions_copy_user_on_update` AFTER UPDATE OF `full_name`, `email`, `role` ON `users`
BEGIN
  UPDATE `sessions` SET `user_full_name` = NEW.`full_name`, `user_email` = NEW.`email`, `user_role` = NEW.`role`
  WHERE `user_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `sessions_end_for_locked_user` AFTER UPDATE OF `is_disabled`, `is_verified` ON `users`
WHEN NEW.`is_disabled` = 1 OR NEW.`is_verified` = 0
BEGIN
  DELETE FROM `sessions` WHERE `user_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TABLE `__keep_push_subscriptions` AS SELECT * FROM `push_subscriptions`;
--> statement-breakpoint
UPDATE `push_subscriptions` SET `id` = -`id`;
--> statement-breakpoint
DROP TABLE `push_subscriptions`;
--> statement-breakpoint
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
	CONSTRAINT "push_subscriptions_role_check" CHECK("push_subscriptions"."role" in ('guest', 'outlet', 'housekeeper', 'staff', 'manager', 'admin')),
	CONSTRAINT "push_subscriptions_lang_check" CHECK("push_subscriptions"."lang" in ('ar', 'en'))
);
--> statement-breakpoint
INSERT INTO `push_subscriptions` (`id`, `endpoint`, `p256dh`, `auth`, `user_id`, `device_id`, `role`, `lang`, `created_at`, `updated_at`, `last_success_at`)
SELECT `id`, `endpoint`, `p256dh`, `auth`, `user_id`, `device_id`, `role`, `lang`, `created_at`, `updated_at`, `last_success_at` FROM `__keep_push_subscriptions`;
--> statement-breakpoint
DROP TABLE `__keep_push_subscriptions`;
--> statement-breakpoint
CREATE INDEX `push_subscriptions_device_id_idx` ON `push_subscriptions` (`device_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_endpoint_idx` ON `push_subscriptions` (`endpoint`);
--> statement-breakpoint
CREATE INDEX `push_subscriptions_staff_idx` ON `push_subscriptions` (`role`) WHERE "push_subscriptions"."role" <> 'guest';
--> statement-breakpoint
CREATE INDEX `push_subscriptions_user_id_idx` ON `push_subscriptions` (`user_id`);

--> statement-breakpoint
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
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "outlets_kind_check" CHECK("outlets"."kind" in ('restaurant', 'cafe', 'spa', 'laundry', 'minibar', 'pool_bar', 'other'))
);
--> statement-breakpoint
CREATE TABLE `outlet_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`outlet_id` integer NOT NULL,
	`name_ar` text NOT NULL,
	`name_en` text NOT NULL,
	`price_baisa` integer NOT NULL,
	`department` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`outlet_id`) REFERENCES `outlets`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "outlet_items_price_check" CHECK("outlet_items"."price_baisa" > 0)
);
--> statement-breakpoint
CREATE INDEX `outlet_items_outlet_idx` ON `outlet_items` (`outlet_id`,`id`);
--> statement-breakpoint
CREATE TABLE `outlet_staff` (
	`outlet_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	PRIMARY KEY(`outlet_id`, `user_id`),
	FOREIGN KEY (`outlet_id`) REFERENCES `outlets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `outlet_staff_user_idx` ON `outlet_staff` (`user_id`);
--> statement-breakpoint
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
--> statement-breakpoint
CREATE UNIQUE INDEX `outlet_keys_hash_idx` ON `outlet_keys` (`key_hash`);
--> statement-breakpoint
CREATE INDEX `outlet_keys_outlet_idx` ON `outlet_keys` (`outlet_id`,`id`);
--> statement-breakpoint
CREATE INDEX `outlet_keys_created_by_idx` ON `outlet_keys` (`created_by`) WHERE "outlet_keys"."created_by" is not null;
--> statement-breakpoint
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
--> statement-breakpoint
CREATE UNIQUE INDEX `outlet_checks_token_idx` ON `outlet_checks` (`token`);
--> statement-breakpoint
CREATE UNIQUE INDEX `outlet_checks_number_idx` ON `outlet_checks` (`outlet_id`,`source`,`check_number`);
--> statement-breakpoint
CREATE UNIQUE INDEX `outlet_checks_invoice_idx` ON `outlet_checks` (`invoice_year`,`invoice_sequence`) WHERE "outlet_checks"."invoice_sequence" is not null;
--> statement-breakpoint
CREATE INDEX `outlet_checks_business_date_idx` ON `outlet_checks` (`business_date`);
--> statement-breakpoint
CREATE INDEX `outlet_checks_outlet_idx` ON `outlet_checks` (`outlet_id`,`id`);
--> statement-breakpoint
CREATE INDEX `outlet_checks_booking_idx` ON `outlet_checks` (`booking_id`) WHERE "outlet_checks"."booking_id" is not null;
--> statement-breakpoint
CREATE INDEX `outlet_checks_created_by_idx` ON `outlet_checks` (`created_by`) WHERE "outlet_checks"."created_by" is not null;
--> statement-breakpoint
CREATE INDEX `outlet_checks_key_idx` ON `outlet_checks` (`key_id`) WHERE "outlet_checks"."key_id" is not null;
--> statement-breakpoint
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
--> statement-breakpoint
CREATE UNIQUE INDEX `outlet_check_voids_credit_note_idx` ON `outlet_check_voids` (`credit_note_year`,`credit_note_sequence`) WHERE "outlet_check_voids"."credit_note_sequence" is not null;
--> statement-breakpoint
CREATE INDEX `outlet_check_voids_business_date_idx` ON `outlet_check_voids` (`business_date`);
--> statement-breakpoint
CREATE INDEX `outlet_check_voids_created_by_idx` ON `outlet_check_voids` (`created_by`) WHERE "outlet_check_voids"."created_by" is not null;
--> statement-breakpoint
CREATE TRIGGER `outlet_checks_no_update` BEFORE UPDATE ON `outlet_checks`
BEGIN
  SELECT RAISE(ABORT, 'outlet_check_immutable');
END;
--> statement-breakpoint
CREATE TRIGGER `outlet_checks_no_delete` BEFORE DELETE ON `outlet_checks`
BEGIN
  SELECT RAISE(ABORT, 'outlet_check_immutable');
END;
--> statement-breakpoint
CREATE TRIGGER `outlet_checks_day_closed` BEFORE INSERT ON `outlet_checks`
WHEN EXISTS (SELECT 1 FROM `day_closes` WHERE `date` = NEW.`business_date`)
BEGIN
  SELECT RAISE(ABORT, 'day_closed');
END;
--> statement-breakpoint
CREATE TRIGGER `outlet_check_voids_no_update` BEFORE UPDATE ON `outlet_check_voids`
BEGIN
  SELECT RAISE(ABORT, 'outlet_check_immutable');
END;
--> statement-breakpoint
CREATE TRIGGER `outlet_check_voids_no_delete` BEFORE DELETE ON `outlet_check_voids`
BEGIN
  SELECT RAISE(ABORT, 'outlet_check_immutable');
END;
--> statement-breakpoint
CREATE TRIGGER `outlet_check_voids_day_closed` BEFORE INSERT ON `outlet_check_voids`
WHEN EXISTS (SELECT 1 FROM `day_closes` WHERE `date` = NEW.`business_date`
  OR `date` = (SELECT `business_date` FROM `outlet_checks` WHERE `id` = NEW.`check_id`))
BEGIN
  SELECT RAISE(ABORT, 'day_closed');
END;
--> statement-breakpoint
ALTER TABLE `folio_lines` ADD `outlet_check_id` integer;
--> statement-breakpoint
CREATE INDEX `folio_lines_outlet_check_idx` ON `folio_lines` (`outlet_check_id`) WHERE "folio_lines"."outlet_check_id" IS NOT NULL;
