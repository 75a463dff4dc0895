-- Why this change: two stays in house in one room. The desk could check a new guest into
-- a room whose guest had not checked out (an overstay holds no room night past its departure, so
-- the room-night index let it through, and "not clean, check in anyway" covered it); the POS and
-- the outlets then charged one of the two stays. One stay in house per room, kept by the database
-- whatever the path (a check-in, a room move of a guest in house, a reinstatement): a stay becomes
-- in house in a room, or moves into one, only while no other stay is in house there.
--
-- A trigger rather than a unique index on (room_id) for stays in house: a database that already
-- holds two such stays (made before this rule) would fail the index's creation and the deploy;
-- the trigger refuses every new one and lets the desk check the old ones out.
CREATE INDEX `booking_submissions_in_house_room_idx` ON `booking_submissions` (`room_id`)
  WHERE `checked_in_at` IS NOT NULL AND `checked_out_at` IS NULL;
--> statement-breakpoint
CREATE TRIGGER `stay_one_in_house_per_room` BEFORE UPDATE OF `checked_in_at`, `checked_out_at`, `room_id` ON `booking_submissions`
WHEN NEW.`checked_in_at` IS NOT NULL AND NEW.`checked_out_at` IS NULL AND NEW.`room_id` IS NOT NULL
  AND (OLD.`checked_in_at` IS NULL OR OLD.`checked_out_at` IS NOT NULL OR OLD.`room_id` IS NOT NEW.`room_id`)
  AND EXISTS (SELECT 1 FROM `booking_submissions` b INDEXED BY `booking_submissions_in_house_room_idx`
    WHERE b.`room_id` = NEW.`room_id` AND b.`id` <> NEW.`id`
      AND b.`checked_in_at` IS NOT NULL AND b.`checked_out_at` IS NULL)
BEGIN
  SELECT RAISE(ABORT, 'room_occupied');
END;
--> statement-breakpoint
CREATE TRIGGER `stay_one_in_house_per_room_insert` BEFORE INSERT ON `booking_submissions`
WHEN NEW.`checked_in_at` IS NOT NULL AND NEW.`checked_out_at` IS NULL AND NEW.`room_id` IS NOT NULL
  AND EXISTS (SELECT 1 FROM `booking_submissions` b INDEXED BY `booking_submissions_in_house_room_idx`
    WHERE b.`room_id` = NEW.`room_id`
      AND b.`checked_in_at` IS NOT NULL AND b.`checked_out_at` IS NULL)
BEGIN
  SELECT RAISE(ABORT, 'room_occupied');
END;
