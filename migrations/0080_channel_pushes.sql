-- The channel link's outbound side against Channex as its documents describe it (issue 67,
-- decision 074 amended): only what changed since the last push Channex accepted is sent, a value
-- Channex ignored (answered 200 with `meta.warnings`) is kept as an error until a later push of
-- that night is accepted, and each push's `x-request-id` and task ids are kept for the reviewer.
--
-- (1) A full sync (an admin's, or mappings changed) sends every night again whatever was accepted
-- before; a row a trigger writes sends only the nights whose value changed. `full` says which.
ALTER TABLE `channel_outbox` ADD `full` integer DEFAULT false NOT NULL;
--> statement-breakpoint
-- (2) What Channex last accepted, per kind, channel room type, night and channel rate plan (''
-- for availability): `value` is the sender's canonical text of the value. Bounded by the
-- horizon (500 nights) x the mapped ids: past nights are removed as the sender writes.
CREATE TABLE `channel_sent` (
  `kind` text NOT NULL,
  `room_type_id` text NOT NULL,
  `night` text NOT NULL,
  `rate_plan_id` text DEFAULT '' NOT NULL,
  `value` text NOT NULL,
  `sent_at` integer NOT NULL,
  PRIMARY KEY(`kind`, `room_type_id`, `night`, `rate_plan_id`),
  CONSTRAINT "channel_sent_kind_check" CHECK(`kind` IN ('availability', 'restrictions'))
) WITHOUT ROWID;
--> statement-breakpoint
-- (3) Values Channex ignored (a warning in a 200 answer), per night, with our own type and plan
-- codes for the staff's screen and Channex's reasons (JSON {field: [words]}). A row goes when a
-- later push of the same night is accepted (or the night is past); until then it is an error
-- (`values_rejected`) on the channel screen.
CREATE TABLE `channel_rejected` (
  `kind` text NOT NULL,
  `room_type_id` text NOT NULL,
  `night` text NOT NULL,
  `rate_plan_id` text DEFAULT '' NOT NULL,
  `room_type` text NOT NULL,
  `rate_plan` text DEFAULT '' NOT NULL,
  `reasons` text DEFAULT '{}' NOT NULL,
  `at` integer NOT NULL,
  PRIMARY KEY(`kind`, `room_type_id`, `night`, `rate_plan_id`),
  CONSTRAINT "channel_rejected_kind_check" CHECK(`kind` IN ('availability', 'restrictions'))
) WITHOUT ROWID;
--> statement-breakpoint
-- (4) Each push (the outbox's send record), newest last: its values and bytes, what Channex
-- answered (accepted, warned, failed and its HTTP status), Channex's `x-request-id` and the task
-- ids of its answer. The sender keeps the latest 200.
CREATE TABLE `channel_pushes` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `at` integer NOT NULL,
  `kind` text NOT NULL,
  `full` integer DEFAULT false NOT NULL,
  `values_count` integer NOT NULL,
  `bytes` integer NOT NULL,
  `outcome` text NOT NULL,
  `warnings` integer DEFAULT 0 NOT NULL,
  `status` integer,
  `request_id` text,
  `task_ids` text DEFAULT '[]' NOT NULL,
  CONSTRAINT "channel_pushes_kind_check" CHECK(`kind` IN ('availability', 'restrictions')),
  CONSTRAINT "channel_pushes_outcome_check" CHECK(`outcome` IN ('accepted', 'warned', 'failed'))
);
--> statement-breakpoint
-- (5) A rate plan's edit queues every type and night only when it changes what is sold (its
-- types, parent, adjustment, on/off, public): a name, a description, a cancellation or a deposit
-- rule is not Channex's. A room type's and an allotment's likewise only when a value moved
-- (an UPDATE OF fires for every column the statement sets, changed or not).
DROP TRIGGER `channel_outbox_rate_plans_update`;
--> statement-breakpoint
CREATE TRIGGER `channel_outbox_rate_plans_update` AFTER UPDATE OF `room_types`, `parent_code`, `parent_adjustment_percent`, `active`, `public` ON `rate_plans`
WHEN OLD.`room_types` IS NOT NEW.`room_types` OR OLD.`parent_code` IS NOT NEW.`parent_code`
  OR OLD.`parent_adjustment_percent` IS NOT NEW.`parent_adjustment_percent`
  OR OLD.`active` IS NOT NEW.`active` OR OLD.`public` IS NOT NEW.`public`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('restrictions', '*', '*')
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;
--> statement-breakpoint
DROP TRIGGER `channel_outbox_rooms_update`;
--> statement-breakpoint
CREATE TRIGGER `channel_outbox_rooms_update` AFTER UPDATE OF `available`, `price_per_night`, `original_price`, `base_occupancy`, `max_adults` ON `rooms`
WHEN OLD.`available` IS NOT NEW.`available` OR OLD.`price_per_night` IS NOT NEW.`price_per_night`
  OR OLD.`original_price` IS NOT NEW.`original_price` OR OLD.`base_occupancy` IS NOT NEW.`base_occupancy`
  OR OLD.`max_adults` IS NOT NEW.`max_adults`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('availability', NEW.`room_type`, '*')
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('restrictions', NEW.`room_type`, '*')
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;
--> statement-breakpoint
DROP TRIGGER `channel_outbox_room_inventory_update`;
--> statement-breakpoint
CREATE TRIGGER `channel_outbox_room_inventory_update` AFTER UPDATE OF `total_count` ON `room_inventory`
WHEN OLD.`total_count` IS NOT NEW.`total_count`
BEGIN
  INSERT INTO `channel_outbox` (`kind`, `room_type`, `night`) VALUES ('availability', NEW.`room_type`, '*')
  ON CONFLICT (`kind`, `room_type`, `night`) DO UPDATE SET `version` = `version` + 1, `changed_at` = excluded.`changed_at`;
END;
--> statement-breakpoint
-- (6) The fake channel manager (development only): its own room types and rate plans, made
-- through its `POST /room_types` and `POST /rate_plans` as Channex's are (a rate plan belongs to
-- one room type, so a restriction value names only its plan: a plan's type is one of these or one
-- of the hotel's own, which the fake knows under their codes, hence no foreign key); and a test may ask it to warn its
-- next pushes (`POST /api/dev/channel/faults` `{warnings: n}`).
CREATE TABLE `fake_channex_room_types` (
  `id` text PRIMARY KEY NOT NULL,
  `title` text NOT NULL,
  `count_of_rooms` integer DEFAULT 0 NOT NULL,
  `occupancy` integer DEFAULT 2 NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `fake_channex_rate_plans` (
  `id` text PRIMARY KEY NOT NULL,
  `room_type_id` text NOT NULL,
  `title` text NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `fake_channex_faults` ADD `warnings` integer DEFAULT 0 NOT NULL;
