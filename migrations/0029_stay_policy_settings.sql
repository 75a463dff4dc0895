-- Issue 30: the hotel's rules for guests managing their own stay, kept with the site settings:
-- free cancellation up to N hours before check-in time on the arrival day (Asia/Muscat), the
-- policy's own words in Arabic and English (empty: the app states the rule itself), when online
-- check-in opens, and how many days after check-out ID photos and numbers are kept.
ALTER TABLE `site_settings` ADD `free_cancellation_hours` integer DEFAULT 24 NOT NULL;
--> statement-breakpoint
ALTER TABLE `site_settings` ADD `cancellation_policy` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `site_settings` ADD `cancellation_policy_ar` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `site_settings` ADD `online_check_in_hours` integer DEFAULT 72 NOT NULL;
--> statement-breakpoint
ALTER TABLE `site_settings` ADD `id_retention_days` integer DEFAULT 30 NOT NULL;
