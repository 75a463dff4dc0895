-- A guest who leaves before the booked departure has the stay end that day: the check-out rewrites
-- the departure (and the total) to the nights stayed. The trigger that releases a booking's room
-- when its dates change (a guest's change before arrival, migration 0035) also cleared the room of
-- that stay, losing which room the guest slept in. A stay checked in keeps its room and its nights
-- stayed; the check-out itself releases the nights given up.
DROP TRIGGER `booking_room_nights_release_moved`;
CREATE TRIGGER `booking_room_nights_release_moved` AFTER UPDATE OF `check_in_date`, `check_out_date` ON `booking_submissions`
WHEN (OLD.`check_in_date` <> NEW.`check_in_date` OR OLD.`check_out_date` <> NEW.`check_out_date`)
  AND NEW.`checked_in_at` IS NULL
BEGIN
  DELETE FROM `room_nights` WHERE `booking_id` = NEW.`id`;
  UPDATE `booking_submissions` SET `room_id` = NULL WHERE `id` = NEW.`id` AND `room_id` IS NOT NULL;
END;
