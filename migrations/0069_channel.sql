-- The channel manager link (modules/channel): what is sent to the channel manager and how.
--
-- The room types and rate plans as the channel manager names them. `rate_plan` is '' for a room
-- type's own id, else the plan's code (its channel id is the channel's rate plan for that type).
CREATE TABLE `channel_mappings` (
  `room_type` text NOT NULL,
  `rate_plan` text DEFAULT '' NOT NULL,
  `channel_id` text NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  PRIMARY KEY(`room_type`, `rate_plan`),
  CONSTRAINT "channel_mappings_channel_id_check" CHECK(length(`channel_id`) BETWEEN 1 AND 100)
);
--> statement-breakpoint
-- What the channel manager must be told again: one row per kind ('availability' or
-- 'restrictions': prices and restrictions of every mapped plan of the type), room type and night
-- ('*': every type / every night of the 500-day horizon). The triggers below write it in the same
-- statement as the change itself, so a change and its row never part. `version` grows with every
-- change of the same key: the sender deletes only the versions it sent, so a night changed while
-- it was being sent is sent again (the newest value wins).
CREATE TABLE `channel_outbox` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `kind` text NOT NULL,
  `room_type` text NOT NULL,
  `night` text NOT NULL,
  `version` integer DEFAULT 1 NOT NULL,
  `changed_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "channel_outbox_kind_check" CHECK(`kind` IN ('availability', 'restrictions'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `channel_outbox_key_idx` ON `channel_outbox` (`kind`, `room_type`, `night`);
--> statement-breakpoint
-- The link's one row: switched on or off by an admin (off keeps the outbox filling), the last push
-- and pull, the sender's lease (one sender at a time), its backoff after 429/5xx, the calls of
-- the last minute per kind (JSON arrays of unix ms, for the provider's limits), and the latest
-- errors (JSON [{at, message}], newest first).
CREATE TABLE `channel_state` (
  `id` integer PRIMARY KEY NOT NULL,
  `enabled` integer DEFAULT true NOT NULL,
  `last_push_at` integer,
  `last_pull_at` integer,
  `lease_until` integer DEFAULT 0 NOT NULL,
  `lease_owner` text,
  `backoff_until` integer DEFAULT 0 NOT NULL,
  `backoff_attempts` integer DEFAULT 0 NOT NULL,
  `availability_calls` text DEFAULT '[]' NOT NULL,
  `restrictions_calls` text DEFAULT '[]' NOT NULL,
  `errors` text DEFAULT '[]' NOT NULL,
  CONSTRAINT "channel_state_one_row_check" CHECK(`id` = 1)
);
--> statement-breakpoint
INSERT INTO `channel_state` (`id`) VALUES (1);
--> statement-breakpoint
-- Rooms sold or freed: a booking's nights held, released, or moved.
CREATE TRIGGER `channel_outbox_booking_nights_insert` AFTER INSERT ON `booking_nights`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('availability', NEW.`room_type`, NEW.`night`)
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;
--> statement-breakpoint
CREATE TRIGGER `channel_outbox_booking_nights_delete` AFTER DELETE ON `booking_nights`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('availability', OLD.`room_type`, OLD.`night`)
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;
--> statement-breakpoint
CREATE TRIGGER `channel_outbox_booking_nights_update` AFTER UPDATE OF `room_type`, `night` ON `booking_nights`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) SELECT 'availability', OLD.`room_type`, OLD.`night`
  WHERE OLD.`room_type` <> NEW.`room_type` OR OLD.`night` <> NEW.`night`
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('availability', NEW.`room_type`, NEW.`night`)
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;
--> statement-breakpoint
-- Rooms out of order and back (block nights; an assigned stay's nights change nothing sold).
CREATE TRIGGER `channel_outbox_room_nights_insert` AFTER INSERT ON `room_nights`
WHEN NEW.`block_id` IS NOT NULL
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('availability', NEW.`room_type`, NEW.`night`)
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;
--> statement-breakpoint
CREATE TRIGGER `channel_outbox_room_nights_delete` AFTER DELETE ON `room_nights`
WHEN OLD.`block_id` IS NOT NULL
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('availability', OLD.`room_type`, OLD.`night`)
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;
--> statement-breakpoint
-- A type's allotment (the inventory's cap): every night of the type.
CREATE TRIGGER `channel_outbox_room_inventory_insert` AFTER INSERT ON `room_inventory`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('availability', NEW.`room_type`, '*')
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;
--> statement-breakpoint
CREATE TRIGGER `channel_outbox_room_inventory_update` AFTER UPDATE OF `total_count` ON `room_inventory`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('availability', NEW.`room_type`, '*')
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;
--> statement-breakpoint
CREATE TRIGGER `channel_outbox_room_inventory_delete` AFTER DELETE ON `room_inventory`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('availability', OLD.`room_type`, '*')
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;
--> statement-breakpoint
-- A night's price or restrictions on a plan (sent for every mapped plan of the type: plans follow parents).
CREATE TRIGGER `channel_outbox_rate_nights_insert` AFTER INSERT ON `rate_nights`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('restrictions', NEW.`room_type`, NEW.`night`)
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;
--> statement-breakpoint
CREATE TRIGGER `channel_outbox_rate_nights_update` AFTER UPDATE ON `rate_nights`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) SELECT 'restrictions', OLD.`room_type`, OLD.`night`
  WHERE OLD.`room_type` <> NEW.`room_type` OR OLD.`night` <> NEW.`night`
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('restrictions', NEW.`room_type`, NEW.`night`)
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;
--> statement-breakpoint
CREATE TRIGGER `channel_outbox_rate_nights_delete` AFTER DELETE ON `rate_nights`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('restrictions', OLD.`room_type`, OLD.`night`)
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;
--> statement-breakpoint
-- A plan added, changed (its types, parent, adjustment) or retired: every type and night.
CREATE TRIGGER `channel_outbox_rate_plans_insert` AFTER INSERT ON `rate_plans`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('restrictions', '*', '*')
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;
--> statement-breakpoint
CREATE TRIGGER `channel_outbox_rate_plans_update` AFTER UPDATE ON `rate_plans`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('restrictions', '*', '*')
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;
--> statement-breakpoint
CREATE TRIGGER `channel_outbox_rate_plans_delete` AFTER DELETE ON `rate_plans`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('restrictions', '*', '*')
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;
--> statement-breakpoint
-- A room type added, retired or repriced (its base price and occupancy): every night of it.
CREATE TRIGGER `channel_outbox_rooms_insert` AFTER INSERT ON `rooms`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('availability', NEW.`room_type`, '*')
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('restrictions', NEW.`room_type`, '*')
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;
--> statement-breakpoint
CREATE TRIGGER `channel_outbox_rooms_update` AFTER UPDATE OF `available`, `price_per_night`, `original_price`, `base_occupancy`, `max_adults` ON `rooms`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('availability', NEW.`room_type`, '*')
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('restrictions', NEW.`room_type`, '*')
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;
--> statement-breakpoint
-- An offer's price replaces the type's base price while it is shown.
CREATE TRIGGER `channel_outbox_offers_insert` AFTER INSERT ON `offers`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('restrictions', NEW.`room_type`, '*')
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;
--> statement-breakpoint
CREATE TRIGGER `channel_outbox_offers_update` AFTER UPDATE ON `offers`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('restrictions', NEW.`room_type`, '*')
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;
--> statement-breakpoint
CREATE TRIGGER `channel_outbox_offers_delete` AFTER DELETE ON `offers`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('restrictions', OLD.`room_type`, '*')
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;
