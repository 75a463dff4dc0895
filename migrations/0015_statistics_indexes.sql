-- Statistics (issue 15): the dashboard's aggregate queries (worker/src/lib/statistics.ts) read
-- indexes only. The periods' sums and the nightly walk pick sold bookings overlapping a window
-- (status in 3 values, check-out after the window's start, check-in before its end) and need
-- their price; the most booked rooms count by status and room type; the per-day series and the
-- range figures read bookings by the time they were made; service visits group by service.
CREATE INDEX `booking_submissions_stay_idx` ON `booking_submissions` (`status`,`check_out_date`,`check_in_date`,`is_points_booking`,`total_price`);
--> statement-breakpoint
CREATE INDEX `booking_submissions_status_room_type_idx` ON `booking_submissions` (`status`,`room_type`);
--> statement-breakpoint
CREATE INDEX `booking_submissions_created_at_idx` ON `booking_submissions` (`created_at`);
--> statement-breakpoint
CREATE INDEX `service_visits_service_name_visit_date_idx` ON `service_visits` (`service_name`,`visit_date`,`service_category`);
