-- Issue 28 item 11 (docs/decisions/033-photo-first-pages.md): photo-first pages.
-- 1. A photo may now belong to the site itself (`site_hero`, owner id `hero`: the landing's
--    hero photos the admin uploads in the site settings), and carries a tiny blurred
--    placeholder (a data: URL of a ~16 px WebP the device made). SQLite cannot change a CHECK
--    constraint, so the table is rebuilt with its rows, indexes and triggers.
-- 2. The site settings name the hero photo (`hero_media_id`); deleting that photo unsets it.
CREATE TABLE `__new_media` (
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
--> statement-breakpoint
INSERT INTO `__new_media` (`id`, `upload_key`, `owner_kind`, `owner_id`, `position`, `alt_ar`, `alt_en`, `width`, `height`, `content_type`, `variants`, `created_by_user_id`, `created_at`, `updated_at`)
SELECT `id`, `upload_key`, `owner_kind`, `owner_id`, `position`, `alt_ar`, `alt_en`, `width`, `height`, `content_type`, `variants`, `created_by_user_id`, `created_at`, `updated_at` FROM `media`;
--> statement-breakpoint
DROP TABLE `media`;
--> statement-breakpoint
ALTER TABLE `__new_media` RENAME TO `media`;
--> statement-breakpoint
CREATE UNIQUE INDEX `media_upload_key_idx` ON `media` (`upload_key`);
--> statement-breakpoint
CREATE INDEX `media_owner_kind_owner_id_position_idx` ON `media` (`owner_kind`,`owner_id`,`position`);
--> statement-breakpoint
CREATE TRIGGER `media_owner_cap` BEFORE INSERT ON `media`
WHEN (SELECT count(*) FROM `media` WHERE `owner_kind` = NEW.`owner_kind` AND `owner_id` = NEW.`owner_id`) >= 12
BEGIN SELECT RAISE(ABORT, 'media_too_many'); END;
--> statement-breakpoint
CREATE TRIGGER `content_version_media_insert` AFTER INSERT ON `media`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_media_update` AFTER UPDATE ON `media`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_media_delete` AFTER DELETE ON `media`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;
--> statement-breakpoint
ALTER TABLE `site_settings` ADD `hero_media_id` integer REFERENCES `media`(`id`) ON DELETE SET NULL;
