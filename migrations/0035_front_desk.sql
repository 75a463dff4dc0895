-- Issue 31: the front desk and housekeeping. The hotel's numbered rooms, which stay sleeps in
-- which room each night, rooms out of order for some nights, check-in and check-out at the desk,
-- and the requests of guests in house.
--
-- `rooms` is already the catalogue of room types (names, prices, photos), so the physical rooms
-- are `hotel_rooms` (the API calls them rooms: /api/admin/rooms). A retired room keeps its row
-- (past stays name it) and frees its number for a new room.
CREATE TABLE `hotel_rooms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` text NOT NULL,
	`room_type` text NOT NULL,
	`floor` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'clean' NOT NULL,
	`notes` text,
	`status_changed_at` integer,
	`status_changed_by` integer,
	`retired_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`status_changed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "hotel_rooms_status_check" CHECK("hotel_rooms"."status" in ('clean', 'dirty', 'inspected', 'out_of_order')),
	CONSTRAINT "hotel_rooms_number_check" CHECK(length("hotel_rooms"."number") between 1 and 16)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `hotel_rooms_active_number_idx` ON `hotel_rooms` (`number`) WHERE `retired_at` IS NULL;
--> statement-breakpoint
CREATE INDEX `hotel_rooms_room_type_idx` ON `hotel_rooms` (`room_type`,`number`);
--> statement-breakpoint
-- A room out of order from `from_date` to `to_date` (exclusive, like a stay's check-out), with
-- the reason. Its nights are rows of `room_nights` (below), so they count against the type's
-- allotment like held bookings do.
CREATE TABLE `room_blocks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`room_id` integer NOT NULL,
	`from_date` text NOT NULL,
	`to_date` text NOT NULL,
	`reason` text NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`room_id`) REFERENCES `hotel_rooms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "room_blocks_dates_check" CHECK("room_blocks"."to_date" > "room_blocks"."from_date")
);
--> statement-breakpoint
CREATE INDEX `room_blocks_room_id_idx` ON `room_blocks` (`room_id`,`from_date`);
--> statement-breakpoint
-- One row per room and night it is taken: by a stay assigned to it (`booking_id`) or by an
-- out-of-order block (`block_id`), never both. The unique (room, night) index is the database's
-- refusal of two stays, or a stay and a block, in one room on one night: of 20 assignments racing
-- for a room, one wins and the others fail on the index (409 room_taken).
-- `room_type` is the room's type, copied so the block nights of a type are counted along an index.
CREATE TABLE `room_nights` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`room_id` integer NOT NULL,
	`night` text NOT NULL,
	`room_type` text NOT NULL,
	`booking_id` integer,
	`block_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`room_id`) REFERENCES `hotel_rooms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`booking_id`) REFERENCES `booking_submissions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`block_id`) REFERENCES `room_blocks`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "room_nights_owner_check" CHECK(("room_nights"."booking_id" is null) <> ("room_nights"."block_id" is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `room_nights_room_night_idx` ON `room_nights` (`room_id`,`night`);
--> statement-breakpoint
CREATE INDEX `room_nights_booking_id_idx` ON `room_nights` (`booking_id`) WHERE `booking_id` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `room_nights_block_id_idx` ON `room_nights` (`block_id`) WHERE `block_id` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `room_nights_blocked_type_night_idx` ON `room_nights` (`room_type`,`night`) WHERE `block_id` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `room_nights_night_idx` ON `room_nights` (`night`,`room_id`);
--> statement-breakpoint
-- No overbooking, now with rooms out of order: a night's holds plus its out-of-order rooms of
-- the type never exceed the allotment (0002_no_overbooking.sql, the room-type check widened).
DROP TRIGGER `booking_nights_no_overbooking`;
--> statement-breakpoint
CREATE TRIGGER `booking_nights_no_overbooking`
BEFORE INSERT ON `booking_nights`
BEGIN
  SELECT RAISE(ABORT, 'overbooked_room')
  WHERE (SELECT count(*) FROM `booking_nights` WHERE `room_type` = NEW.`room_type` AND `night` = NEW.`night`)
      + (SELECT count(*) FROM `room_nights`
         WHERE `room_type` = NEW.`room_type` AND `night` = NEW.`night` AND `block_id` IS NOT NULL)
    >= coalesce((SELECT `total_count` FROM `room_inventory` WHERE `room_type` = NEW.`room_type`), 0);
  SELECT RAISE(ABORT, 'overbooked_bed')
  WHERE NEW.`bed_type` IS NOT NULL
    AND (SELECT count(*) FROM `booking_nights`
         WHERE `room_type` = NEW.`room_type` AND `bed_type` = NEW.`bed_type` AND `night` = NEW.`night`)
    >= coalesce((SELECT `total_count` FROM `room_bed_inventory`
                 WHERE `room_type` = NEW.`room_type` AND `bed_type` = NEW.`bed_type`), 0);
  SELECT RAISE(ABORT, 'overbooked_smoking')
  WHERE NEW.`smoking_type` IS NOT NULL
    AND (SELECT count(*) FROM `booking_nights`
         WHERE `room_type` = NEW.`room_type` AND `smoking_type` = NEW.`smoking_type` AND `night` = NEW.`night`)
    >= coalesce((SELECT `total_count` FROM `room_smoking_inventory`
                 WHERE `room_type` = NEW.`room_type` AND `smoking_type` = NEW.`smoking_type`), 0);
END;
--> statement-breakpoint
-- A room put out of order for a night takes one from its type's sellable count that night, never
-- below the bookings already held: refused when holds plus blocks already use the whole allotment.
CREATE TRIGGER `room_nights_block_within_allotment`
BEFORE INSERT ON `room_nights`
WHEN NEW.`block_id` IS NOT NULL
BEGIN
  SELECT RAISE(ABORT, 'out_of_order_below_held')
  WHERE (SELECT count(*) FROM `booking_nights` WHERE `room_type` = NEW.`room_type` AND `night` = NEW.`night`)
      + (SELECT count(*) FROM `room_nights`
         WHERE `room_type` = NEW.`room_type` AND `night` = NEW.`night` AND `block_id` IS NOT NULL)
    >= coalesce((SELECT `total_count` FROM `room_inventory` WHERE `room_type` = NEW.`room_type`), 0);
END;
--> statement-breakpoint
-- Availability (and its edge cache) changes when a room goes out of order or comes back.
CREATE TRIGGER `inventory_version_block_insert` AFTER INSERT ON `room_nights`
WHEN NEW.`block_id` IS NOT NULL
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'inventory'; END;
--> statement-breakpoint
CREATE TRIGGER `inventory_version_block_delete` AFTER DELETE ON `room_nights`
WHEN OLD.`block_id` IS NOT NULL
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'inventory'; END;
--> statement-breakpoint
-- The booking's room and the desk's check-in and check-out. `room_id` is the room the stay is
-- (or was last) assigned to; which nights it holds in that room is `room_nights`.
-- `departure_time` is a late check-out granted to the stay (HH:MM, hotel time; null: the
-- hotel's check-out time).
ALTER TABLE `booking_submissions` ADD `room_id` integer REFERENCES `hotel_rooms`(`id`) ON DELETE set null;
--> statement-breakpoint
ALTER TABLE `booking_submissions` ADD `checked_in_at` integer;
--> statement-breakpoint
ALTER TABLE `booking_submissions` ADD `checked_in_by` integer REFERENCES `users`(`id`) ON DELETE set null;
--> statement-breakpoint
ALTER TABLE `booking_submissions` ADD `checked_out_at` integer;
--> statement-breakpoint
ALTER TABLE `booking_submissions` ADD `checked_out_by` integer REFERENCES `users`(`id`) ON DELETE set null;
--> statement-breakpoint
ALTER TABLE `booking_submissions` ADD `departure_time` text;
--> statement-breakpoint
-- Deleting a member of staff's account sets these to null along an index, not a scan.
CREATE INDEX `booking_submissions_checked_in_by_idx` ON `booking_submissions` (`checked_in_by`) WHERE `checked_in_by` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `booking_submissions_checked_out_by_idx` ON `booking_submissions` (`checked_out_by`) WHERE `checked_out_by` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `hotel_rooms_status_changed_by_idx` ON `hotel_rooms` (`status_changed_by`) WHERE `status_changed_by` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `room_blocks_created_by_idx` ON `room_blocks` (`created_by`) WHERE `created_by` IS NOT NULL;
--> statement-breakpoint
-- The desk's day: departures by check-out date (arrivals and in-house use the check-in index).
CREATE INDEX `booking_submissions_check_out_idx` ON `booking_submissions` (`check_out_date`,`status`);
--> statement-breakpoint
-- A cancelled stay (by the guest, staff, a rejection or a no-show) frees its rooms; a stay whose
-- dates changed loses its room (the guest's change sends it back to pending, to be assigned
-- again). In the statement that changes the booking, so no code path can leave a room held.
CREATE TRIGGER `booking_room_nights_release_cancelled` AFTER UPDATE OF `status` ON `booking_submissions`
WHEN NEW.`status` = 'cancelled' AND OLD.`status` <> 'cancelled'
BEGIN
  DELETE FROM `room_nights` WHERE `booking_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `booking_room_nights_release_moved` AFTER UPDATE OF `check_in_date`, `check_out_date` ON `booking_submissions`
WHEN OLD.`check_in_date` <> NEW.`check_in_date` OR OLD.`check_out_date` <> NEW.`check_out_date`
BEGIN
  DELETE FROM `room_nights` WHERE `booking_id` = NEW.`id`;
  UPDATE `booking_submissions` SET `room_id` = NULL WHERE `id` = NEW.`id` AND `room_id` IS NOT NULL;
END;
--> statement-breakpoint
-- A guest's request during the stay (towels, cleaning, late check-out, maintenance, other).
-- `requested_time` is the late check-out asked for (HH:MM); staff answer with a status and a note.
CREATE TABLE `stay_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`type` text NOT NULL,
	`note` text,
	`requested_time` text,
	`status` text DEFAULT 'new' NOT NULL,
	`staff_note` text,
	`handled_by` integer,
	`done_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `booking_submissions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`handled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "stay_requests_type_check" CHECK("stay_requests"."type" in ('towels', 'cleaning', 'late_checkout', 'maintenance', 'other')),
	CONSTRAINT "stay_requests_status_check" CHECK("stay_requests"."status" in ('new', 'in_progress', 'done', 'declined'))
);
--> statement-breakpoint
CREATE INDEX `stay_requests_booking_id_idx` ON `stay_requests` (`booking_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX `stay_requests_handled_by_idx` ON `stay_requests` (`handled_by`) WHERE `handled_by` IS NOT NULL;
--> statement-breakpoint
-- The staff's queue: the open requests, oldest first (done ones leave the partial index).
CREATE INDEX `stay_requests_open_idx` ON `stay_requests` (`created_at`) WHERE `status` in ('new', 'in_progress');
--> statement-breakpoint
-- The staff's bell names the request an alert is about.
ALTER TABLE `staff_alerts` ADD `stay_request_id` integer;
--> statement-breakpoint
-- Polling (issue 17): the tape chart and the housekeeping board read `rooms`, the request queues
-- `stay_requests`; every write bumps them.
INSERT INTO `change_counters` (`resource`, `version`) VALUES ('rooms', 0), ('stay_requests', 0);
--> statement-breakpoint
CREATE TRIGGER `rooms_version_insert` AFTER INSERT ON `hotel_rooms`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'rooms'; END;
--> statement-breakpoint
CREATE TRIGGER `rooms_version_update` AFTER UPDATE ON `hotel_rooms`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'rooms'; END;
--> statement-breakpoint
CREATE TRIGGER `rooms_version_night_insert` AFTER INSERT ON `room_nights`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'rooms'; END;
--> statement-breakpoint
CREATE TRIGGER `rooms_version_night_delete` AFTER DELETE ON `room_nights`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'rooms'; END;
--> statement-breakpoint
CREATE TRIGGER `stay_requests_version_insert` AFTER INSERT ON `stay_requests`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'stay_requests'; END;
--> statement-breakpoint
CREATE TRIGGER `stay_requests_version_update` AFTER UPDATE ON `stay_requests`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'stay_requests'; END;
