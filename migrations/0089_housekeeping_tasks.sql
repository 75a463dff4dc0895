-- Housekeeping's day (docs/decisions/091-housekeeping-tasks.md): tasks per room per day, made by
-- the day close for the new day and kept in step with the stays by the database itself.
--
-- `housekeeping_days` lists the days whose tasks are made (the day close makes the day after the
-- closed one; a supervisor may make today's on a hotel's first day). `housekeeping_task_wants` is
-- what the room nights ask of a made day, room by room: a stay on the night before and not on the
-- day's night leaves (a departure clean and its inspection); the same stay on both stays over (a
-- tidy every N nights of its stay, the hotel's rule, 0: never); a stay on the day's night gets a
-- turndown where the hotel does one. An arriving stay on the day's night is carried on each task
-- (`arrival_booking_id`: the room is a rush, and VIP if its guest is).
--
-- The triggers on `room_nights` (inserted and deleted only: a move, an extension, an early
-- departure, a check-out or its undo all delete and insert nights) recompute the two days a night
-- touches (its own day, and the day after, whose "night before" it is), in the same transaction
-- as the change: pending tasks no longer wanted go, wanted ones come. A task started, done, or
-- marked do not disturb / refused stays as it is: it is the record of what was done.
CREATE TABLE `housekeeping_settings` (
  `id` integer PRIMARY KEY NOT NULL,
  `stay_over_every_nights` integer DEFAULT 1 NOT NULL,
  `turndown` integer DEFAULT false NOT NULL,
  `departure_credits` integer DEFAULT 4 NOT NULL,
  `stay_over_credits` integer DEFAULT 2 NOT NULL,
  `inspection_credits` integer DEFAULT 1 NOT NULL,
  `turndown_credits` integer DEFAULT 1 NOT NULL,
  `minibar_items` text DEFAULT '[]' NOT NULL,
  `updated_by` integer REFERENCES `users`(`id`) ON DELETE SET NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "housekeeping_settings_one_check" CHECK (`id` = 1),
  CONSTRAINT "housekeeping_settings_rule_check" CHECK (`stay_over_every_nights` BETWEEN 0 AND 14 AND `turndown` IN (0, 1)),
  CONSTRAINT "housekeeping_settings_credits_check" CHECK (
    `departure_credits` BETWEEN 0 AND 20 AND `stay_over_credits` BETWEEN 0 AND 20
    AND `inspection_credits` BETWEEN 0 AND 20 AND `turndown_credits` BETWEEN 0 AND 20
  )
);
--> statement-breakpoint
INSERT INTO `housekeeping_settings` (`id`) VALUES (1);
--> statement-breakpoint
CREATE INDEX `housekeeping_settings_updated_by_idx` ON `housekeeping_settings` (`updated_by`) WHERE `updated_by` IS NOT NULL;
--> statement-breakpoint
CREATE TABLE `housekeeping_days` (
  `date` text PRIMARY KEY NOT NULL,
  `made_by` integer REFERENCES `users`(`id`) ON DELETE SET NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `housekeeping_days_made_by_idx` ON `housekeeping_days` (`made_by`) WHERE `made_by` IS NOT NULL;
--> statement-breakpoint
CREATE TABLE `housekeeping_tasks` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `date` text NOT NULL,
  `room_id` integer NOT NULL REFERENCES `hotel_rooms`(`id`) ON DELETE CASCADE,
  `kind` text NOT NULL,
  `status` text DEFAULT 'pending' NOT NULL,
  `credits` integer NOT NULL,
  `booking_id` integer REFERENCES `booking_submissions`(`id`) ON DELETE SET NULL,
  `arrival_booking_id` integer REFERENCES `booking_submissions`(`id`) ON DELETE SET NULL,
  `assigned_to` integer REFERENCES `users`(`id`) ON DELETE SET NULL,
  `started_at` integer,
  `finished_at` integer,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "housekeeping_tasks_kind_check" CHECK (`kind` IN ('departure', 'stay_over', 'inspection', 'turndown')),
  CONSTRAINT "housekeeping_tasks_status_check" CHECK (`status` IN ('pending', 'in_progress', 'done', 'dnd', 'refused'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `housekeeping_tasks_day_room_kind_idx` ON `housekeeping_tasks` (`date`, `room_id`, `kind`);
--> statement-breakpoint
CREATE INDEX `housekeeping_tasks_assigned_idx` ON `housekeeping_tasks` (`assigned_to`, `date`) WHERE `assigned_to` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `housekeeping_tasks_room_id_idx` ON `housekeeping_tasks` (`room_id`);
--> statement-breakpoint
CREATE INDEX `housekeeping_tasks_booking_id_idx` ON `housekeeping_tasks` (`booking_id`) WHERE `booking_id` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `housekeeping_tasks_arrival_booking_id_idx` ON `housekeeping_tasks` (`arrival_booking_id`) WHERE `arrival_booking_id` IS NOT NULL;
--> statement-breakpoint
-- The housekeepers a supervisor gives rooms to, by name, without reading every account.
CREATE INDEX `users_housekeepers_idx` ON `users` (`full_name`) WHERE `role` = 'housekeeper';
--> statement-breakpoint
CREATE VIEW `housekeeping_task_wants` AS
SELECT d.`date` AS `date`, prev.`room_id` AS `room_id`, k.`kind` AS `kind`,
  CASE k.`kind` WHEN 'departure' THEN s.`departure_credits` ELSE s.`inspection_credits` END AS `credits`,
  prev.`booking_id` AS `booking_id`, cur.`booking_id` AS `arrival_booking_id`
FROM `housekeeping_days` d
JOIN `housekeeping_settings` s ON s.`id` = 1
JOIN `room_nights` prev ON prev.`night` = date(d.`date`, '-1 day') AND prev.`booking_id` IS NOT NULL
JOIN `hotel_rooms` r ON r.`id` = prev.`room_id` AND r.`retired_at` IS NULL
JOIN (SELECT 'departure' AS `kind` UNION ALL SELECT 'inspection') k
LEFT JOIN `room_nights` cur ON cur.`room_id` = prev.`room_id` AND cur.`night` = d.`date`
WHERE cur.`booking_id` IS NULL OR cur.`booking_id` <> prev.`booking_id`
UNION ALL
SELECT d.`date`, cur.`room_id`, 'stay_over', s.`stay_over_credits`, cur.`booking_id`, NULL
FROM `housekeeping_days` d
JOIN `housekeeping_settings` s ON s.`id` = 1 AND s.`stay_over_every_nights` > 0
JOIN `room_nights` cur ON cur.`night` = d.`date` AND cur.`booking_id` IS NOT NULL
JOIN `hotel_rooms` r ON r.`id` = cur.`room_id` AND r.`retired_at` IS NULL
JOIN `room_nights` prev ON prev.`room_id` = cur.`room_id` AND prev.`night` = date(d.`date`, '-1 day')
  AND prev.`booking_id` = cur.`booking_id`
JOIN `booking_submissions` b ON b.`id` = cur.`booking_id`
WHERE CAST(julianday(d.`date`) - julianday(b.`check_in_date`) AS integer) % s.`stay_over_every_nights` = 0
UNION ALL
SELECT d.`date`, cur.`room_id`, 'turndown', s.`turndown_credits`, cur.`booking_id`,
  CASE WHEN prev.`booking_id` IS NULL OR prev.`booking_id` <> cur.`booking_id` THEN cur.`booking_id` END
FROM `housekeeping_days` d
JOIN `housekeeping_settings` s ON s.`id` = 1 AND s.`turndown` = 1
JOIN `room_nights` cur ON cur.`night` = d.`date` AND cur.`booking_id` IS NOT NULL
JOIN `hotel_rooms` r ON r.`id` = cur.`room_id` AND r.`retired_at` IS NULL
LEFT JOIN `room_nights` prev ON prev.`room_id` = cur.`room_id` AND prev.`night` = date(d.`date`, '-1 day');
--> statement-breakpoint
CREATE TRIGGER `housekeeping_tasks_follow_night_insert` AFTER INSERT ON `room_nights`
WHEN EXISTS (SELECT 1 FROM `housekeeping_days` WHERE `date` IN (NEW.`night`, date(NEW.`night`, '+1 day')))
BEGIN
  DELETE FROM `housekeeping_tasks`
  WHERE `room_id` = NEW.`room_id` AND `date` IN (NEW.`night`, date(NEW.`night`, '+1 day')) AND `status` = 'pending'
    AND NOT EXISTS (SELECT 1 FROM `housekeeping_task_wants` w WHERE w.`date` = `housekeeping_tasks`.`date`
      AND w.`room_id` = `housekeeping_tasks`.`room_id` AND w.`kind` = `housekeeping_tasks`.`kind`);
  INSERT INTO `housekeeping_tasks` (`date`, `room_id`, `kind`, `credits`, `booking_id`, `arrival_booking_id`)
  SELECT w.`date`, w.`room_id`, w.`kind`, w.`credits`, w.`booking_id`, w.`arrival_booking_id`
  FROM `housekeeping_task_wants` w
  WHERE w.`room_id` = NEW.`room_id` AND w.`date` IN (NEW.`night`, date(NEW.`night`, '+1 day'))
  ON CONFLICT (`date`, `room_id`, `kind`) DO UPDATE SET `booking_id` = excluded.`booking_id`,
    `arrival_booking_id` = excluded.`arrival_booking_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `housekeeping_tasks_follow_night_delete` AFTER DELETE ON `room_nights`
WHEN EXISTS (SELECT 1 FROM `housekeeping_days` WHERE `date` IN (OLD.`night`, date(OLD.`night`, '+1 day')))
BEGIN
  DELETE FROM `housekeeping_tasks`
  WHERE `room_id` = OLD.`room_id` AND `date` IN (OLD.`night`, date(OLD.`night`, '+1 day')) AND `status` = 'pending'
    AND NOT EXISTS (SELECT 1 FROM `housekeeping_task_wants` w WHERE w.`date` = `housekeeping_tasks`.`date`
      AND w.`room_id` = `housekeeping_tasks`.`room_id` AND w.`kind` = `housekeeping_tasks`.`kind`);
  INSERT INTO `housekeeping_tasks` (`date`, `room_id`, `kind`, `credits`, `booking_id`, `arrival_booking_id`)
  SELECT w.`date`, w.`room_id`, w.`kind`, w.`credits`, w.`booking_id`, w.`arrival_booking_id`
  FROM `housekeeping_task_wants` w
  WHERE w.`room_id` = OLD.`room_id` AND w.`date` IN (OLD.`night`, date(OLD.`night`, '+1 day'))
  ON CONFLICT (`date`, `room_id`, `kind`) DO UPDATE SET `booking_id` = excluded.`booking_id`,
    `arrival_booking_id` = excluded.`arrival_booking_id`;
END;
