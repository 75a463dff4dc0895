-- Issue 17: what polling costs. Each polled resource has a version that every write bumps
-- (triggers below), so an unchanged poll is answered 304 Not Modified after reading one
-- row instead of re-reading hundreds (worker/src/lib/versions.ts).
CREATE TABLE `change_counters` (
	`resource` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO `change_counters` (`resource`, `version`) VALUES
  ('bookings', 0), ('inventory', 0), ('points', 0), ('notifications', 0), ('entries', 0);
--> statement-breakpoint
CREATE TRIGGER `bookings_version_insert` AFTER INSERT ON `booking_submissions`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'bookings'; END;
--> statement-breakpoint
CREATE TRIGGER `bookings_version_update` AFTER UPDATE ON `booking_submissions`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'bookings'; END;
--> statement-breakpoint
CREATE TRIGGER `bookings_version_delete` AFTER DELETE ON `booking_submissions`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'bookings'; END;
--> statement-breakpoint
CREATE TRIGGER `inventory_version_hold_insert` AFTER INSERT ON `booking_nights`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'inventory'; END;
--> statement-breakpoint
CREATE TRIGGER `inventory_version_hold_delete` AFTER DELETE ON `booking_nights`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'inventory'; END;
--> statement-breakpoint
CREATE TRIGGER `inventory_version_rooms` AFTER UPDATE ON `room_inventory`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'inventory'; END;
--> statement-breakpoint
CREATE TRIGGER `inventory_version_beds` AFTER UPDATE ON `room_bed_inventory`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'inventory'; END;
--> statement-breakpoint
CREATE TRIGGER `inventory_version_smoking` AFTER UPDATE ON `room_smoking_inventory`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'inventory'; END;
--> statement-breakpoint
CREATE TRIGGER `points_version_insert` AFTER INSERT ON `point_transactions`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'points'; END;
--> statement-breakpoint
CREATE TRIGGER `notifications_version_insert` AFTER INSERT ON `notifications`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'notifications'; END;
--> statement-breakpoint
CREATE TRIGGER `notifications_version_update` AFTER UPDATE ON `notifications`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'notifications'; END;
--> statement-breakpoint
CREATE TRIGGER `entries_version_photography` AFTER INSERT ON `photography_submissions`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'entries'; END;
--> statement-breakpoint
CREATE TRIGGER `entries_version_photography_decided` AFTER UPDATE ON `photography_submissions`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'entries'; END;
--> statement-breakpoint
CREATE TRIGGER `entries_version_reviews` AFTER INSERT ON `google_review_submissions`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'entries'; END;
--> statement-breakpoint
CREATE TRIGGER `entries_version_reviews_decided` AFTER UPDATE ON `google_review_submissions`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'entries'; END;
--> statement-breakpoint
CREATE TRIGGER `entries_version_location` AFTER INSERT ON `location_sharing_submissions`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'entries'; END;
