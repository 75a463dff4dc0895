-- Statistics (issue 15): the dashboard's aggregate queries (worker/src/lib/statistics.ts).
-- The nightly walk picks sold bookings overlapping a window (status in 3 values, check-out after
-- the window's start, check-in before its end); the bookings-per-day series and the range
-- figures read bookings by the time they were made.
CREATE INDEX `booking_submissions_stay_idx` ON `booking_submissions` (`status`,`check_out_date`,`check_in_date`);
--> statement-breakpoint
CREATE INDEX `booking_submissions_created_at_idx` ON `booking_submissions` (`created_at`);
