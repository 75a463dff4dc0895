-- Issue 17 (what polling costs): a signed-in request reads its session as one row, not the
-- session joined to its user (two rows read per request, three with a poll's change counter).
-- The session keeps a copy of the user's name, e-mail and role, which triggers keep equal to
-- the user's in the same statement that changes them; a session exists only for an enabled,
-- verified account (disabling or unverifying one ends its sessions, as staff "disable" did).
ALTER TABLE `sessions` ADD `user_full_name` text;
--> statement-breakpoint
ALTER TABLE `sessions` ADD `user_email` text;
--> statement-breakpoint
ALTER TABLE `sessions` ADD `user_role` text;
--> statement-breakpoint
DELETE FROM `sessions` WHERE `user_id` NOT IN (
  SELECT `id` FROM `users` WHERE `is_disabled` = 0 AND `is_verified` = 1
);
--> statement-breakpoint
UPDATE `sessions` SET
  `user_full_name` = (SELECT `full_name` FROM `users` WHERE `users`.`id` = `sessions`.`user_id`),
  `user_email` = (SELECT `email` FROM `users` WHERE `users`.`id` = `sessions`.`user_id`),
  `user_role` = (SELECT `role` FROM `users` WHERE `users`.`id` = `sessions`.`user_id`);
--> statement-breakpoint
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
