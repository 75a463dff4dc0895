-- Issue 30 section 4: a guest's change sends an approved or confirmed booking back to pending
-- for staff to approve again. Its hold time (PENDING_HOLD_HOURS) then runs from the change, not
-- from the booking's creation: `pending_since` is when it went back to pending (null: pending
-- since it was made). The hourly expiry reads `coalesce(pending_since, created_at)`.
ALTER TABLE `booking_submissions` ADD `pending_since` integer;
