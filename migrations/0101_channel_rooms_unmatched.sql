-- Why this change: Channex documents no id of a revision's room but Booking.com's `ota_unique_id`
--; the link matched rooms by `booking_room_id`, which Channex does not document, and
-- without it by their place in the list, so a changed two-room booking could rewrite or cancel the
-- wrong stay. A revision whose rooms cannot be told apart (no documented id, more than one room)
-- changes no stay: its stays are flagged for the desk, 'rooms_unmatched', and the revision is kept
-- with that outcome (decision 074 amended).
--
-- (1) The flag, on `booking_submissions.channel_flag` (its CHECK is the column's own: the column is
-- replaced as migration 0083 did, what names it dropped first and made again as it was).
DROP TRIGGER `staff_alert_booking`;
--> statement-breakpoint
DROP INDEX `booking_submissions_channel_flag_idx`;
--> statement-breakpoint
DROP INDEX `booking_submissions_channel_flag_new_idx`;
--> statement-breakpoint
ALTER TABLE `booking_submissions` ADD `channel_flag_0097` text CONSTRAINT "booking_submissions_channel_flag_check" CHECK (`channel_flag_0097` IN ('overbooked', 'unmapped', 'over_occupancy', 'not_sellable', 'currency_mismatch', 'rooms_unmatched'));
--> statement-breakpoint
UPDATE `booking_submissions` SET `channel_flag_0097` = `channel_flag` WHERE `channel_flag` IS NOT NULL;
--> statement-breakpoint
ALTER TABLE `booking_submissions` DROP COLUMN `channel_flag`;
--> statement-breakpoint
ALTER TABLE `booking_submissions` RENAME COLUMN `channel_flag_0097` TO `channel_flag`;
--> statement-breakpoint
CREATE TRIGGER `staff_alert_booking` AFTER INSERT ON `booking_submissions`
WHEN NEW.`created_by_staff_id` IS NULL
BEGIN
  INSERT INTO `staff_alerts` (`kind`, `booking_id`, `reason`)
  VALUES (
    CASE
      WHEN NEW.`channel_booking_id` IS NOT NULL AND NEW.`channel_flag` IS NOT NULL THEN 'channel_booking_flagged'
      WHEN NEW.`channel_booking_id` IS NOT NULL THEN 'channel_booking'
      WHEN NEW.`is_points_booking` THEN 'free_night'
      ELSE 'booking_request'
    END,
    NEW.`id`,
    NEW.`channel_flag`
  );
END;
--> statement-breakpoint
CREATE INDEX `booking_submissions_channel_flag_idx` ON `booking_submissions` (`check_in_date`)
  WHERE `channel_flag` IS NOT NULL AND `status` IN ('pending', 'approved', 'confirmed');
--> statement-breakpoint
-- The OTA bookings still to be placed, newest first, along an index that holds only flagged
-- rows (the channel screen's list reads no more than them).
CREATE INDEX `booking_submissions_channel_flag_new_idx` ON `booking_submissions` (`created_at`) WHERE `channel_flag` IS NOT NULL;
--> statement-breakpoint
-- (2) The outcome, on `channel_revisions` (its CHECK is the table's: the small table is rebuilt
-- with its rows, indexes and trigger, as migration 0083 did).
DROP TRIGGER `channel_revisions_in_order`;
--> statement-breakpoint
CREATE TABLE `channel_revisions_0097` (
  `id` text PRIMARY KEY NOT NULL,
  `channel_booking_id` text NOT NULL,
  `status` text NOT NULL,
  `ota_name` text NOT NULL,
  `ota_reservation_code` text NOT NULL,
  `booking_id` integer REFERENCES `booking_submissions`(`id`) ON DELETE set null,
  `outcome` text NOT NULL,
  `via` text NOT NULL,
  `body` text NOT NULL,
  `received_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `acked_at` integer,
  `revised_at` integer,
  CONSTRAINT "channel_revisions_status_check" CHECK (`status` IN ('new', 'modified', 'cancelled')),
  CONSTRAINT "channel_revisions_outcome_check" CHECK (`outcome` IN ('applied', 'overbooked', 'unmapped', 'over_occupancy', 'not_sellable', 'currency_mismatch', 'rooms_unmatched', 'ignored', 'stale')),
  CONSTRAINT "channel_revisions_via_check" CHECK (`via` IN ('webhook', 'feed'))
);
--> statement-breakpoint
INSERT INTO `channel_revisions_0097` (`id`, `channel_booking_id`, `status`, `ota_name`, `ota_reservation_code`,
  `booking_id`, `outcome`, `via`, `body`, `received_at`, `acked_at`, `revised_at`)
SELECT `id`, `channel_booking_id`, `status`, `ota_name`, `ota_reservation_code`,
  `booking_id`, `outcome`, `via`, `body`, `received_at`, `acked_at`, `revised_at`
FROM `channel_revisions`;
--> statement-breakpoint
DROP TABLE `channel_revisions`;
--> statement-breakpoint
ALTER TABLE `channel_revisions_0097` RENAME TO `channel_revisions`;
--> statement-breakpoint
CREATE INDEX `channel_revisions_received_idx` ON `channel_revisions` (`received_at`);
--> statement-breakpoint
CREATE INDEX `channel_revisions_channel_booking_idx` ON `channel_revisions` (`channel_booking_id`, `revised_at`);
--> statement-breakpoint
CREATE INDEX `channel_revisions_booking_idx` ON `channel_revisions` (`booking_id`) WHERE `booking_id` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `channel_revisions_unacked_idx` ON `channel_revisions` (`received_at`) WHERE `acked_at` IS NULL;
--> statement-breakpoint
-- Revisions of one booking end in the newest one's state, whatever order they arrive in: a `new`
-- or `modified` revision is refused (its batch changes nothing; the channel module records it
-- 'stale') when a newer revision of the same channel booking was applied or kept flagged (any
-- outcome but 'ignored' and 'stale'), or when its cancellation was received at all (Channex
-- cancels for good: a cancelled booking is never live again). The channel module checks the same
-- before it tries; this holds should the other revision be applied meanwhile.
CREATE TRIGGER `channel_revisions_in_order` BEFORE INSERT ON `channel_revisions`
WHEN NEW.`status` IN ('new', 'modified') AND NEW.`outcome` NOT IN ('ignored', 'stale') AND (
  EXISTS (
    SELECT 1 FROM `channel_revisions` r
    WHERE r.`channel_booking_id` = NEW.`channel_booking_id` AND r.`status` = 'cancelled'
  )
  OR (NEW.`revised_at` IS NOT NULL AND EXISTS (
    SELECT 1 FROM `channel_revisions` r
    WHERE r.`channel_booking_id` = NEW.`channel_booking_id` AND r.`revised_at` > NEW.`revised_at`
      AND r.`outcome` NOT IN ('ignored', 'stale')
  ))
)
BEGIN
  SELECT RAISE(ABORT, 'channel_revision_older');
END;
--> statement-breakpoint
