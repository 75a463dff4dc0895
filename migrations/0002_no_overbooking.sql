-- No overbooking, enforced by the database itself: a per-night hold is refused
-- when that night already holds the whole allotment of its room type, bed type
-- or smoking type (checked in that order, so the answer names the first one
-- short). Booking creation inserts the booking and its holds in one D1 batch, so
-- a refused hold rolls the whole booking back; concurrent requests for the last
-- room therefore yield exactly one booking.
CREATE TRIGGER `booking_nights_no_overbooking`
BEFORE INSERT ON `booking_nights`
BEGIN
  SELECT RAISE(ABORT, 'overbooked_room')
  WHERE (SELECT count(*) FROM `booking_nights` WHERE `room_type` = NEW.`room_type` AND `night` = NEW.`night`)
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
