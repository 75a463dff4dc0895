-- One count of a room type's rooms, the same everywhere (decision 047, amended): the guest's room
-- list shows the hotel's numbered rooms (`hotel_rooms`, gold 36 in the demo), so the room types'
-- `listed_rooms` (GET /api/room-types `listedRooms`, the spec's 12/10/8/5 until now) is their
-- count: the type's active numbered rooms, kept by the database as rooms are added, retired,
-- moved to another type or removed.
UPDATE `rooms` SET `listed_rooms` = (
  SELECT count(*) FROM `hotel_rooms` hr WHERE hr.`room_type` = `rooms`.`room_type` AND hr.`retired_at` IS NULL
);
--> statement-breakpoint
CREATE TRIGGER `hotel_rooms_listed_insert` AFTER INSERT ON `hotel_rooms`
BEGIN
  UPDATE `rooms` SET `listed_rooms` = (
    SELECT count(*) FROM `hotel_rooms` hr WHERE hr.`room_type` = NEW.`room_type` AND hr.`retired_at` IS NULL
  ) WHERE `room_type` = NEW.`room_type`;
END;
--> statement-breakpoint
CREATE TRIGGER `hotel_rooms_listed_update` AFTER UPDATE OF `retired_at`, `room_type` ON `hotel_rooms`
BEGIN
  UPDATE `rooms` SET `listed_rooms` = (
    SELECT count(*) FROM `hotel_rooms` hr WHERE hr.`room_type` = `rooms`.`room_type` AND hr.`retired_at` IS NULL
  ) WHERE `room_type` IN (OLD.`room_type`, NEW.`room_type`);
END;
--> statement-breakpoint
CREATE TRIGGER `hotel_rooms_listed_delete` AFTER DELETE ON `hotel_rooms`
BEGIN
  UPDATE `rooms` SET `listed_rooms` = (
    SELECT count(*) FROM `hotel_rooms` hr WHERE hr.`room_type` = OLD.`room_type` AND hr.`retired_at` IS NULL
  ) WHERE `room_type` = OLD.`room_type`;
END;
