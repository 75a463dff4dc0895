-- Bookings that come from the channel manager (modules/channel): which OTA sold it (`source`,
-- e.g. 'booking.com'; null for the hotel's own), the OTA's reservation code (`channel_reference`),
-- the channel manager's booking id (`channel_booking_id`: the same for every revision of one
-- booking, so one channel booking is at most one of ours), who collects the guest's money
-- (`payment_collect`: 'ota', whose balance goes to the OTA's city-ledger account at check-out, or
-- 'property'), the OTA's commission in baisa, and a flag for staff when the revision could not be
-- placed (`channel_flag`: 'overbooked' sold out on our side, 'unmapped' a room type we do not map).
ALTER TABLE `booking_submissions` ADD `source` text;
--> statement-breakpoint
ALTER TABLE `booking_submissions` ADD `channel_reference` text;
--> statement-breakpoint
ALTER TABLE `booking_submissions` ADD `channel_booking_id` text;
--> statement-breakpoint
ALTER TABLE `booking_submissions` ADD `payment_collect` text CONSTRAINT "booking_submissions_payment_collect_check" CHECK (`payment_collect` IN ('ota', 'property'));
--> statement-breakpoint
ALTER TABLE `booking_submissions` ADD `commission_baisa` integer CONSTRAINT "booking_submissions_commission_check" CHECK (`commission_baisa` >= 0);
--> statement-breakpoint
ALTER TABLE `booking_submissions` ADD `channel_flag` text CONSTRAINT "booking_submissions_channel_flag_check" CHECK (`channel_flag` IN ('overbooked', 'unmapped'));
--> statement-breakpoint
CREATE UNIQUE INDEX `booking_submissions_channel_booking_idx` ON `booking_submissions` (`channel_booking_id`) WHERE `channel_booking_id` IS NOT NULL;
--> statement-breakpoint
-- Each booking revision read from the channel manager, once: its id is the key, so a revision
-- that arrives by the webhook and by the feed at once is applied by whichever batch inserts its
-- row first (the other's batch fails on the key and changes nothing). `outcome` says what it did
-- ('applied'; 'overbooked' or 'unmapped': kept as a flagged booking; 'ignored': nothing to do,
-- e.g. a change of a booking already cancelled), `booking_id` the booking it made or changed,
-- `body` the revision as read (JSON), `acked_at` when the channel manager was told.
CREATE TABLE `channel_revisions` (
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
  CONSTRAINT "channel_revisions_status_check" CHECK (`status` IN ('new', 'modified', 'cancelled')),
  CONSTRAINT "channel_revisions_outcome_check" CHECK (`outcome` IN ('applied', 'overbooked', 'unmapped', 'ignored')),
  CONSTRAINT "channel_revisions_via_check" CHECK (`via` IN ('webhook', 'feed'))
);
--> statement-breakpoint
CREATE INDEX `channel_revisions_received_idx` ON `channel_revisions` (`received_at`);
--> statement-breakpoint
CREATE INDEX `channel_revisions_booking_idx` ON `channel_revisions` (`booking_id`) WHERE `booking_id` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `channel_revisions_unacked_idx` ON `channel_revisions` (`received_at`) WHERE `acked_at` IS NULL;
