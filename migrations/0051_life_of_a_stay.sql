-- The life of a stay: a manager undoes a check-in or a check-out on the same business day, and
-- reinstates a cancelled or no-show booking while its rooms are free.
--
-- `closed_from` is what the move that closed a booking (completed or cancelled) replaced, as JSON:
-- `status`, the open status it left; for a check-out, `roomStatus`, the room's status before the
-- check-out left it dirty; for an early check-out also the booked `checkOutDate` and `totalPrice`
-- it rewrote. Undoing the move puts them back; reopening clears it.
ALTER TABLE `booking_submissions` ADD `closed_from` text;
--> statement-breakpoint
-- A closed booking reopens only as the undo of what closed it: a departure (checked out) becomes
-- the same stay in house again (approved or confirmed, checked in, not out); a cancellation (or a
-- no-show) becomes approved or confirmed and not checked in. Never pending, never a stay completed
-- without a check-out.
CREATE TRIGGER `booking_reopen_state` BEFORE UPDATE OF `status` ON `booking_submissions`
WHEN OLD.`status` IN ('completed', 'cancelled') AND NEW.`status` NOT IN ('completed', 'cancelled')
  AND (NEW.`status` NOT IN ('approved', 'confirmed')
    OR (OLD.`status` = 'completed'
      AND (OLD.`checked_out_at` IS NULL OR NEW.`checked_in_at` IS NULL OR NEW.`checked_out_at` IS NOT NULL))
    OR (OLD.`status` = 'cancelled' AND NEW.`checked_in_at` IS NOT NULL))
BEGIN
  SELECT RAISE(ABORT, 'stay_state_invalid');
END;
--> statement-breakpoint
-- A reopened booking holds every night of its stay again: the holds are written first in the
-- reopening's batch, each refused by the no-overbooking trigger when its night is sold out.
CREATE TRIGGER `booking_reopen_holds_nights` AFTER UPDATE OF `status` ON `booking_submissions`
WHEN OLD.`status` IN ('completed', 'cancelled') AND NEW.`status` IN ('approved', 'confirmed')
  AND (SELECT count(*) FROM `booking_nights` WHERE `booking_id` = NEW.`id`)
    <> cast(julianday(NEW.`check_out_date`) - julianday(NEW.`check_in_date`) AS integer)
BEGIN
  SELECT RAISE(ABORT, 'reopened_without_holds');
END;
