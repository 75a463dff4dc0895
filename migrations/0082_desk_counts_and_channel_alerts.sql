-- The front desk's day and the staff's bell for what the OTAs do (decision 085).
--
-- (1) The bell: a booking the channel manager brings is not a request to approve. The alert a
-- new booking writes (migration 0027's trigger, last written by 0066) now says what it is: an OTA's
-- booking placed ('channel_booking', confirmed already) or one the hotel could not place
-- ('channel_booking_flagged'), the flag kept in the alert's new `reason` column as it was when
-- the alert was raised (the booking's own flag is cleared once staff place it). The channel's
-- changes and cancellations write their alerts in the batch that applies them
-- (modules/bookings/channel-alerts.ts); `reason` says why where an alert has one.
ALTER TABLE `staff_alerts` ADD `reason` text;
--> statement-breakpoint
DROP TRIGGER `staff_alert_booking`;
--> statement-breakpoint
CREATE TRIGGER `staff_alert_booking` AFTER INSERT ON `booking_submissions`
WHEN NEW.`created_by_staff_id` IS NULL
BEGIN
  INSERT INTO `staff_alerts` (`kind`, `booking_id`, `reason`)
  VALUES (
    CASE
      WHEN NEW.`channel_booking_id` IS NOT NULL AND NEW.`channel_flag` IS NOT NULL THEN 'channel_booking_flagged'
      WHEN NEW.`channel_booking_id` IS NOT NULL THEN 'channel_booking'
      WHEN NEW.`is_points_booking` THEN 'free_night'
      ELSE 'booking_request'
    END,
    NEW.`id`,
    NEW.`channel_flag`
  );
END;
--> statement-breakpoint
-- (2) The desk's day reads along indexes whose rows do not grow with history: the stays in house
-- now (checked in, not checked out: at most the hotel's rooms), the stays checked out on a day
-- (a range of the check-out time), the stays booked and not arrived (today's late arrivals are a
-- range of their past arrival dates: the day close marks the others no-shows), and the OTA
-- bookings still to place (flagged and open).
CREATE INDEX `booking_submissions_in_house_idx` ON `booking_submissions` (`check_in_date`)
  WHERE `checked_in_at` IS NOT NULL AND `checked_out_at` IS NULL;
--> statement-breakpoint
CREATE INDEX `booking_submissions_checked_out_at_idx` ON `booking_submissions` (`checked_out_at`)
  WHERE `checked_out_at` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `booking_submissions_channel_flag_idx` ON `booking_submissions` (`check_in_date`)
  WHERE `channel_flag` IS NOT NULL AND `status` IN ('pending', 'approved', 'confirmed');
--> statement-breakpoint
CREATE INDEX `booking_submissions_unarrived_idx` ON `booking_submissions` (`check_in_date`)
  WHERE `checked_in_at` IS NULL AND `status` IN ('approved', 'confirmed');
