-- One life for a stay, held by the database whatever path changes it: booked (pending, approved,
-- confirmed; not checked in) -> in house (approved or confirmed, checked in, not out) -> departed
-- (completed, checked out), or cancelled (a rejection, a cancellation, a no-show) before check-in.
-- A stay in house is neither cancelled nor completed without its check-out: of "complete" and
-- "check-out" racing, the one that would leave it completed but not checked out is refused, so its
-- room is marked dirty and its nights released in every case. The app answers these refusals with
-- 409 `stay_in_house`.
CREATE TRIGGER `stay_in_house_not_cancelled` BEFORE UPDATE OF `status`, `checked_in_at` ON `booking_submissions`
WHEN NEW.`status` = 'cancelled' AND NEW.`checked_in_at` IS NOT NULL
BEGIN
  SELECT RAISE(ABORT, 'stay_in_house');
END;
--> statement-breakpoint
CREATE TRIGGER `stay_in_house_completed_by_check_out` BEFORE UPDATE OF `status`, `checked_in_at`, `checked_out_at` ON `booking_submissions`
WHEN NEW.`status` = 'completed' AND NEW.`checked_in_at` IS NOT NULL AND NEW.`checked_out_at` IS NULL
BEGIN
  SELECT RAISE(ABORT, 'stay_in_house');
END;
--> statement-breakpoint
-- Checked in only while approved or confirmed (or departed); checked out only once checked in, and
-- then completed.
CREATE TRIGGER `stay_check_in_status` BEFORE UPDATE OF `status`, `checked_in_at`, `checked_out_at` ON `booking_submissions`
WHEN (NEW.`checked_in_at` IS NOT NULL AND NEW.`status` NOT IN ('approved', 'confirmed', 'completed'))
  OR (NEW.`checked_out_at` IS NOT NULL AND (NEW.`checked_in_at` IS NULL OR NEW.`status` <> 'completed'))
BEGIN
  SELECT RAISE(ABORT, 'stay_state_invalid');
END;
--> statement-breakpoint
CREATE TRIGGER `stay_state_on_insert` BEFORE INSERT ON `booking_submissions`
WHEN (NEW.`checked_in_at` IS NOT NULL AND NEW.`status` NOT IN ('approved', 'confirmed', 'completed'))
  OR (NEW.`checked_out_at` IS NOT NULL AND (NEW.`checked_in_at` IS NULL OR NEW.`status` <> 'completed'))
  OR (NEW.`status` = 'completed' AND NEW.`checked_in_at` IS NOT NULL AND NEW.`checked_out_at` IS NULL)
BEGIN
  SELECT RAISE(ABORT, 'stay_state_invalid');
END;
