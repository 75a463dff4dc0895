-- Issue 14: the hotel keeps its own content. The site settings row gains what the footer,
-- the login footer and the WhatsApp hand-offs need (map link, social links, check-in and
-- check-out times) and who changed it last; the admin screen writes it
-- (PUT /api/admin/site-settings), everything that shows contact details reads it.
ALTER TABLE `site_settings` ADD `map_url` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `site_settings` ADD `social_links` text DEFAULT '[]' NOT NULL;
--> statement-breakpoint
ALTER TABLE `site_settings` ADD `check_in_time` text DEFAULT '14:00' NOT NULL;
--> statement-breakpoint
ALTER TABLE `site_settings` ADD `check_out_time` text DEFAULT '12:00' NOT NULL;
--> statement-breakpoint
ALTER TABLE `site_settings` ADD `updated_by_user_id` integer REFERENCES `users`(`id`);
--> statement-breakpoint
-- The app reads one row (id 1); a second row would be a second truth.
CREATE TRIGGER `site_settings_single_row` BEFORE INSERT ON `site_settings` WHEN NEW.`id` <> 1
BEGIN SELECT RAISE(ABORT, 'site_settings has one row (id 1)'); END;
--> statement-breakpoint
-- Offers: a validity window is never inverted and a discount is a whole percent 0..90,
-- whatever writes the row (the API checks the same with zod, shared/src/content-schemas.ts).
CREATE TRIGGER `offers_window_insert` BEFORE INSERT ON `offers`
WHEN (NEW.`valid_from` IS NOT NULL AND NEW.`valid_to` IS NOT NULL AND NEW.`valid_from` > NEW.`valid_to`)
  OR NEW.`discount` < 0 OR NEW.`discount` > 90
BEGIN SELECT RAISE(ABORT, 'offer window or discount out of range'); END;
--> statement-breakpoint
CREATE TRIGGER `offers_window_update` BEFORE UPDATE ON `offers`
WHEN (NEW.`valid_from` IS NOT NULL AND NEW.`valid_to` IS NOT NULL AND NEW.`valid_from` > NEW.`valid_to`)
  OR NEW.`discount` < 0 OR NEW.`discount` > 90
BEGIN SELECT RAISE(ABORT, 'offer window or discount out of range'); END;
--> statement-breakpoint
ALTER TABLE `offers` ADD `updated_by_user_id` integer REFERENCES `users`(`id`);
--> statement-breakpoint
CREATE INDEX `offers_is_active_sort_order_idx` ON `offers` (`is_active`,`sort_order`);
--> statement-breakpoint
-- What guests read of the hotel's content (offers, the rooms' prices they are computed from,
-- the site settings) carries an ETag from this counter (worker/src/lib/versions.ts), so a
-- browser revalidates for the cost of one row and sees a staff change at once.
INSERT INTO `change_counters` (`resource`, `version`) VALUES ('content', 0);
--> statement-breakpoint
CREATE TRIGGER `content_version_offers_insert` AFTER INSERT ON `offers`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_offers_update` AFTER UPDATE ON `offers`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_offers_delete` AFTER DELETE ON `offers`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_rooms_update` AFTER UPDATE ON `rooms`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_settings_insert` AFTER INSERT ON `site_settings`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_settings_update` AFTER UPDATE ON `site_settings`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;
