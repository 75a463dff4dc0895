-- Why this change: a stay checked in and out of a room the same evening left no departure clean
-- for its room. The check-out releases the room's nights from today on, so such a stay
-- holds no night at all, and the tasks are what the room nights ask (decision 091): the night
-- before had nobody, the night of the day has nobody now, so nothing was asked. The view also asks
-- a departure clean and its inspection, on the day of the check-out, of a room a stay left that day
-- with nobody in it the night before (the same-day stay: the nights alone say nothing of it),
-- found along the index of the check-outs' times (a day's range, Asia/Muscat, UTC+4).
DROP VIEW `housekeeping_task_wants`;
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
LEFT JOIN `room_nights` prev ON prev.`room_id` = cur.`room_id` AND prev.`night` = date(d.`date`, '-1 day')
UNION ALL
SELECT d.`date`, b.`room_id`, k.`kind`,
  CASE k.`kind` WHEN 'departure' THEN s.`departure_credits` ELSE s.`inspection_credits` END,
  b.`id`, cur.`booking_id`
FROM `housekeeping_days` d
JOIN `housekeeping_settings` s ON s.`id` = 1
JOIN `booking_submissions` b INDEXED BY `booking_submissions_checked_out_at_idx`
  ON b.`checked_out_at` >= (unixepoch(d.`date`) - 14400) * 1000
  AND b.`checked_out_at` < (unixepoch(d.`date`) + 72000) * 1000 AND b.`room_id` IS NOT NULL
JOIN `hotel_rooms` r ON r.`id` = b.`room_id` AND r.`retired_at` IS NULL
JOIN (SELECT 'departure' AS `kind` UNION ALL SELECT 'inspection') k
LEFT JOIN `room_nights` cur ON cur.`room_id` = b.`room_id` AND cur.`night` = d.`date`
WHERE NOT EXISTS (SELECT 1 FROM `room_nights` prev WHERE prev.`room_id` = b.`room_id`
    AND prev.`night` = date(d.`date`, '-1 day') AND prev.`booking_id` IS NOT NULL)
  AND (cur.`booking_id` IS NULL OR cur.`booking_id` <> b.`id`);
