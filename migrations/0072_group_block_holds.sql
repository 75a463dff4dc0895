-- Group blocks hold rooms out of general sale. A type's rooms on a night are shared by three
-- kinds of use: the general bookings' nights (`booking_nights` with no `group_id`), the rooms out
-- of order (`room_nights` of a block), and what the group blocks hold (`group_block_nights.held`,
-- the nights their members picked up included). Their sum never exceeds the type's count.
--
-- A member's night (`booking_nights.group_id` set) is taken from its block's hold: refused
-- (`block_exceeded`) when the block's members already use all it holds of the type that night,
-- so two rooming lists racing for the last held rooms never exceed the block, and a pick-up never
-- takes a room for sale to others. A general night is refused (`overbooked_room`) when the
-- general nights, the rooms out of order and every block's hold already fill the type.
DROP TRIGGER `booking_nights_no_overbooking`;
--> statement-breakpoint
CREATE TRIGGER `booking_nights_no_overbooking`
BEFORE INSERT ON `booking_nights`
BEGIN
  SELECT RAISE(ABORT, 'overbooked_room')
  WHERE NEW.`group_id` IS NULL
    AND (SELECT count(*) FROM `booking_nights`
         WHERE `room_type` = NEW.`room_type` AND `night` = NEW.`night` AND `group_id` IS NULL)
      + (SELECT count(*) FROM `room_nights`
         WHERE `room_type` = NEW.`room_type` AND `night` = NEW.`night` AND `block_id` IS NOT NULL)
      + (SELECT coalesce(sum(`held`), 0) FROM `group_block_nights`
         WHERE `room_type` = NEW.`room_type` AND `night` = NEW.`night`)
    >= coalesce((SELECT `total_count` FROM `room_inventory` WHERE `room_type` = NEW.`room_type`), 0);
  SELECT RAISE(ABORT, 'block_exceeded')
  WHERE NEW.`group_id` IS NOT NULL
    AND (SELECT count(*) FROM `booking_nights`
         WHERE `group_id` = NEW.`group_id` AND `room_type` = NEW.`room_type` AND `night` = NEW.`night`)
    >= coalesce((SELECT `held` FROM `group_block_nights`
                 WHERE `group_id` = NEW.`group_id` AND `room_type` = NEW.`room_type` AND `night` = NEW.`night`), 0);
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
-- A room put out of order takes one from what is for sale: refused when general nights, rooms
-- already out of order and the blocks' holds use the whole count.
DROP TRIGGER `room_nights_block_within_allotment`;
--> statement-breakpoint
CREATE TRIGGER `room_nights_block_within_allotment`
BEFORE INSERT ON `room_nights`
WHEN NEW.`block_id` IS NOT NULL
BEGIN
  SELECT RAISE(ABORT, 'out_of_order_below_held')
  WHERE (SELECT count(*) FROM `booking_nights`
         WHERE `room_type` = NEW.`room_type` AND `night` = NEW.`night` AND `group_id` IS NULL)
      + (SELECT count(*) FROM `room_nights`
         WHERE `room_type` = NEW.`room_type` AND `night` = NEW.`night` AND `block_id` IS NOT NULL)
      + (SELECT coalesce(sum(`held`), 0) FROM `group_block_nights`
         WHERE `room_type` = NEW.`room_type` AND `night` = NEW.`night`)
    >= coalesce((SELECT `total_count` FROM `room_inventory` WHERE `room_type` = NEW.`room_type`), 0);
END;
--> statement-breakpoint
-- A block's hold comes out of what is for sale: a new or raised hold is refused
-- (`block_over_allotment`) when it would not fit beside the general nights, the rooms out of
-- order and the other holds; a hold never goes below what its members picked up.
CREATE TRIGGER `group_block_nights_within_allotment`
BEFORE INSERT ON `group_block_nights`
BEGIN
  SELECT RAISE(ABORT, 'block_over_allotment')
  WHERE NEW.`held` > 0
    AND (SELECT count(*) FROM `booking_nights`
         WHERE `room_type` = NEW.`room_type` AND `night` = NEW.`night` AND `group_id` IS NULL)
      + (SELECT count(*) FROM `room_nights`
         WHERE `room_type` = NEW.`room_type` AND `night` = NEW.`night` AND `block_id` IS NOT NULL)
      + (SELECT coalesce(sum(`held`), 0) FROM `group_block_nights`
         WHERE `room_type` = NEW.`room_type` AND `night` = NEW.`night`)
      + NEW.`held`
    > coalesce((SELECT `total_count` FROM `room_inventory` WHERE `room_type` = NEW.`room_type`), 0);
END;
--> statement-breakpoint
CREATE TRIGGER `group_block_nights_raise_within_allotment`
BEFORE UPDATE OF `held` ON `group_block_nights`
BEGIN
  SELECT RAISE(ABORT, 'group_held_below_picked_up')
  WHERE NEW.`held` < (SELECT count(*) FROM `booking_nights`
                      WHERE `group_id` = OLD.`group_id` AND `room_type` = OLD.`room_type` AND `night` = OLD.`night`);
  SELECT RAISE(ABORT, 'block_over_allotment')
  WHERE NEW.`held` > OLD.`held`
    AND (SELECT count(*) FROM `booking_nights`
         WHERE `room_type` = OLD.`room_type` AND `night` = OLD.`night` AND `group_id` IS NULL)
      + (SELECT count(*) FROM `room_nights`
         WHERE `room_type` = OLD.`room_type` AND `night` = OLD.`night` AND `block_id` IS NOT NULL)
      + (SELECT coalesce(sum(`held`), 0) FROM `group_block_nights`
         WHERE `room_type` = OLD.`room_type` AND `night` = OLD.`night`)
      - OLD.`held` + NEW.`held`
    > coalesce((SELECT `total_count` FROM `room_inventory` WHERE `room_type` = OLD.`room_type`), 0);
END;
--> statement-breakpoint
CREATE TRIGGER `group_block_nights_keys_fixed`
BEFORE UPDATE OF `group_id`, `room_type`, `night` ON `group_block_nights`
BEGIN
  SELECT RAISE(ABORT, 'group_block_night_fixed');
END;
--> statement-breakpoint
CREATE TRIGGER `group_block_nights_no_delete_picked_up`
BEFORE DELETE ON `group_block_nights`
BEGIN
  SELECT RAISE(ABORT, 'group_held_below_picked_up')
  WHERE EXISTS (SELECT 1 FROM `booking_nights`
                WHERE `group_id` = OLD.`group_id` AND `room_type` = OLD.`room_type` AND `night` = OLD.`night`);
END;
--> statement-breakpoint
-- What is for sale changes with a hold: the availability's edge cache and the channel's outbox.
CREATE TRIGGER `inventory_version_group_hold_insert` AFTER INSERT ON `group_block_nights`
BEGIN
  UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'inventory';
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('availability', NEW.`room_type`, NEW.`night`)
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;
--> statement-breakpoint
CREATE TRIGGER `inventory_version_group_hold_update` AFTER UPDATE OF `held` ON `group_block_nights`
WHEN NEW.`held` <> OLD.`held`
BEGIN
  UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'inventory';
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('availability', NEW.`room_type`, NEW.`night`)
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;
--> statement-breakpoint
CREATE TRIGGER `inventory_version_group_hold_delete` AFTER DELETE ON `group_block_nights`
BEGIN
  UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'inventory';
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('availability', OLD.`room_type`, OLD.`night`)
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;
