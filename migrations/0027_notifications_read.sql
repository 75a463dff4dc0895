-- Issue 29 section 4: notifications in the app (unread counts, mark read, pages by date).
--
-- A guest's unread count reads only their unread rows: a partial index of the unread ones
-- per account (a guest who has read everything costs one index probe, however long the history).
CREATE INDEX `notifications_user_unread_idx` ON `notifications` (`user_id`) WHERE `is_read` = 0;
--> statement-breakpoint
-- The staff's alerts: one row per booking request and prize-draw entry that arrives (not the
-- desk's own walk-ins), shared by every member of staff, written by the triggers below inside
-- the statement that inserts the booking or the entry (so a rolled-back batch leaves none).
-- The words are the app's (Lingui), and the guest's name, phone and stay are read from the booking
-- or entry itself when listed (no second copy of personal data), so a row keeps only what it is about.
CREATE TABLE `staff_alerts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`booking_id` integer,
	`entry_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `staff_alerts_created_at_idx` ON `staff_alerts` (`created_at`);
--> statement-breakpoint
-- Read state per member of staff: everything up to a watermark (newest alert at "mark all
-- read": created_at then id) plus single alerts marked above it. "Mark all" writes one row,
-- whatever the history; the marks above the watermark are at most the alerts since.
CREATE TABLE `staff_alert_watermarks` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`read_through_at` integer NOT NULL,
	`read_through_id` integer NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `staff_alert_reads` (
	`user_id` integer NOT NULL,
	`alert_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `alert_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`alert_id`) REFERENCES `staff_alerts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TRIGGER `staff_alert_booking` AFTER INSERT ON `booking_submissions`
WHEN NEW.`created_by_staff_id` IS NULL
BEGIN
  INSERT INTO `staff_alerts` (`kind`, `booking_id`)
  VALUES (CASE WHEN NEW.`is_points_booking` THEN 'free_night' ELSE 'booking_request' END, NEW.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `staff_alert_photography` AFTER INSERT ON `photography_submissions`
BEGIN
  INSERT INTO `staff_alerts` (`kind`, `entry_id`) VALUES ('photography_entry', NEW.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `staff_alert_google_review` AFTER INSERT ON `google_review_submissions`
BEGIN
  INSERT INTO `staff_alerts` (`kind`, `entry_id`) VALUES ('rating_entry', NEW.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `staff_alert_location_sharing` AFTER INSERT ON `location_sharing_submissions`
BEGIN
  INSERT INTO `staff_alerts` (`kind`, `entry_id`) VALUES ('location_entry', NEW.`id`);
END;
--> statement-breakpoint
-- Polls of the alerts and of their read state answer 304 until one of them changes (0011).
CREATE TRIGGER `notifications_version_staff_alert` AFTER INSERT ON `staff_alerts`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'notifications'; END;
--> statement-breakpoint
CREATE TRIGGER `notifications_version_staff_read` AFTER INSERT ON `staff_alert_reads`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'notifications'; END;
--> statement-breakpoint
CREATE TRIGGER `notifications_version_staff_watermark_insert` AFTER INSERT ON `staff_alert_watermarks`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'notifications'; END;
--> statement-breakpoint
CREATE TRIGGER `notifications_version_staff_watermark_update` AFTER UPDATE ON `staff_alert_watermarks`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'notifications'; END;
