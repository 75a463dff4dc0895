-- The channel link against Channex as its documents describe it (decision 074).
--
-- (1) An OTA booking the hotel cannot honour is kept and flagged, for more reasons than before:
-- 'over_occupancy' (more guests than its room type takes), 'not_sellable' (a retired room type,
-- or a plan we send as stop-sell: retired, private, or not selling that type) and
-- 'currency_mismatch' (amounts in a currency other than the property's, never stored as rials),
-- beside 'overbooked' and 'unmapped'. SQLite cannot change a CHECK constraint, but the one on
-- `channel_flag` is that column's own (migration 0070), so the column is replaced rather than the
-- table rebuilt: a new column with the wider CHECK, the flags copied into it (few rows: only
-- flagged bookings are touched, and no trigger of booking_submissions fires on these two columns
-- but the bookings' version counter), the old column dropped (its CHECK goes with it) and the new
-- one renamed. What names the column (migration 0082: the staff's bell trigger and the desk's index
-- of the OTA bookings to place) is dropped first and made again, as it was, on the new column.
DROP TRIGGER `staff_alert_booking`;
--> statement-breakpoint
DROP INDEX `booking_submissions_channel_flag_idx`;
--> statement-breakpoint
ALTER TABLE `booking_submissions` ADD `channel_flag_0083` text CONSTRAINT "booking_submissions_channel_flag_check" CHECK (`channel_flag_0083` IN ('overbooked', 'unmapped', 'over_occupancy', 'not_sellable', 'currency_mismatch'));
--> statement-breakpoint
UPDATE `booking_submissions` SET `channel_flag_0083` = `channel_flag` WHERE `channel_flag` IS NOT NULL;
--> statement-breakpoint
ALTER TABLE `booking_submissions` DROP COLUMN `channel_flag`;
--> statement-breakpoint
ALTER TABLE `booking_submissions` RENAME COLUMN `channel_flag_0083` TO `channel_flag`;
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
-- (2) A revision's `rooms` is a list, one Booking Room per room, each with its own
-- `booking_room_id`: each room is a booking of ours, `channel_room_id` its Booking Room's id. One
-- channel booking is now several bookings, at most one per room (the unique index now spans both
-- columns). A booking made before keeps a null room id (its channel booking had one room) and
-- takes its room's id when next changed.
ALTER TABLE `booking_submissions` ADD `channel_room_id` text;
--> statement-breakpoint
DROP INDEX `booking_submissions_channel_booking_idx`;
--> statement-breakpoint
CREATE UNIQUE INDEX `booking_submissions_channel_booking_idx` ON `booking_submissions` (`channel_booking_id`, `channel_room_id`) WHERE `channel_booking_id` IS NOT NULL;
--> statement-breakpoint
-- (3) What became of a revision: the new flags, and 'stale' (it came after a newer revision of
-- the same booking, or after its cancellation: the newer state stands, nothing is changed). Its
-- CHECK is the table's, so `channel_revisions` (small: one row per revision received) is rebuilt
-- with its rows, indexes and trigger. Nothing refers to it.
DROP TRIGGER `channel_revisions_in_order`;
--> statement-breakpoint
CREATE TABLE `channel_revisions_0083` (
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
  CONSTRAINT "channel_revisions_outcome_check" CHECK (`outcome` IN ('applied', 'overbooked', 'unmapped', 'over_occupancy', 'not_sellable', 'currency_mismatch', 'ignored', 'stale')),
  CONSTRAINT "channel_revisions_via_check" CHECK (`via` IN ('webhook', 'feed'))
);
--> statement-breakpoint
INSERT INTO `channel_revisions_0083` (`id`, `channel_booking_id`, `status`, `ota_name`, `ota_reservation_code`,
  `booking_id`, `outcome`, `via`, `body`, `received_at`, `acked_at`, `revised_at`)
SELECT `id`, `channel_booking_id`, `status`, `ota_name`, `ota_reservation_code`,
  `booking_id`, `outcome`, `via`, `body`, `received_at`, `acked_at`, `revised_at`
FROM `channel_revisions`;
--> statement-breakpoint
DROP TABLE `channel_revisions`;
--> statement-breakpoint
ALTER TABLE `channel_revisions_0083` RENAME TO `channel_revisions`;
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
-- (4) The fake channel manager (development only) can hold its webhooks back, so a test or a demo
-- delivers them in any order (POST /api/dev/channel/faults {holdWebhooks}, then
-- POST /api/dev/channel/revisions/:id/deliver). One row.
CREATE TABLE `fake_channex_webhook_hold` (
  `id` integer PRIMARY KEY NOT NULL,
  `holding` integer DEFAULT false NOT NULL,
  CONSTRAINT "fake_channex_webhook_hold_one_row" CHECK (`id` = 1)
);
