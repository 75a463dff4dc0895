-- Two more roles between the guest and the admin: a housekeeper (the housekeeping board only) and a
-- manager (the front desk plus statistics and the desk's corrections). Ranked guest < housekeeper <
-- staff < manager < admin. SQLite cannot change a CHECK constraint, so `users` and
-- `push_subscriptions` are rebuilt with their rows, indexes and triggers.
--
-- Both tables are parents of others (sessions, bookings, push_outbox, ...) whose foreign keys
-- cascade or set null on delete. D1 enforces foreign keys in migrations and dropping a parent
-- deletes its rows first, which would fire those actions even with the checks deferred. So the
-- rows are copied aside, the old table's ids are turned negative (no child refers to a negative
-- id, and no foreign key acts on an update of the parent key), the old table is dropped without
-- touching a child, and the new table is created under the same name and filled with the rows as
-- they were. The deferred checks pass at the end: every child finds its parent again.
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
	CONSTRAINT "users_role_check" CHECK("users"."role" in ('guest', 'housekeeper', 'staff', 'manager', 'admin'))
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
	CONSTRAINT "push_subscriptions_role_check" CHECK("push_subscriptions"."role" in ('guest', 'housekeeper', 'staff', 'manager', 'admin')),
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
