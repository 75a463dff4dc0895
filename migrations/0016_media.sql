-- Issue 14: staff photos of the hotel's content (docs/decisions/011-media.md). One row per
-- photo: whose it is (a room tier by key, an offer or a service by id), its place in that
-- owner's list, alt text in both languages, the largest variant's pixel size and the R2 keys
-- of every width the device made (JSON [{width, key, bytes}]). `upload_key` is the random
-- name shared by the photo's R2 objects: unique, so the immutable /media/ URLs never change
-- meaning, and the audit line of the upload reads the new row back by it.
CREATE TABLE `media` (
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
	`created_by_user_id` integer REFERENCES `users`(`id`) ON DELETE SET NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT `media_owner_kind_check` CHECK (`owner_kind` IN ('room_type', 'offer', 'service_menu', 'service_gallery')),
	CONSTRAINT `media_size_check` CHECK (`width` > 0 AND `height` > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `media_upload_key_idx` ON `media` (`upload_key`);
--> statement-breakpoint
CREATE INDEX `media_owner_kind_owner_id_position_idx` ON `media` (`owner_kind`,`owner_id`,`position`);
--> statement-breakpoint
-- The cap per owner holds whatever writes the row (two uploads racing for the last place).
CREATE TRIGGER `media_owner_cap` BEFORE INSERT ON `media`
WHEN (SELECT count(*) FROM `media` WHERE `owner_kind` = NEW.`owner_kind` AND `owner_id` = NEW.`owner_id`) >= 12
BEGIN SELECT RAISE(ABORT, 'media_too_many'); END;
--> statement-breakpoint
-- Guests' catalogue reads (rooms, offers, services) carry the content version: a new,
-- moved, re-captioned or deleted photo is seen at the next revalidation.
CREATE TRIGGER `content_version_media_insert` AFTER INSERT ON `media`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_media_update` AFTER UPDATE ON `media`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_media_delete` AFTER DELETE ON `media`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_services_update` AFTER UPDATE ON `services`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_services_insert` AFTER INSERT ON `services`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_services_delete` AFTER DELETE ON `services`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_rooms_insert` AFTER INSERT ON `rooms`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;
