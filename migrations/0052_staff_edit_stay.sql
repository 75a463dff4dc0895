-- Staff edit a stay (PATCH /api/admin/booking-submissions/:id): the desk's own notes on a booking,
-- and a price a manager set by hand (0: complimentary) with the reason given. The override is the
-- stay's total when it was set; a later change of dates keeps its price per night (the total
-- scaled to the new number of nights), so re-pricing never undoes it silently.
ALTER TABLE `booking_submissions` ADD `notes` text;
--> statement-breakpoint
ALTER TABLE `booking_submissions` ADD `price_override_baisa` integer
  CONSTRAINT "booking_submissions_price_override_check" CHECK (`price_override_baisa` >= 0);
--> statement-breakpoint
ALTER TABLE `booking_submissions` ADD `price_override_reason` text;
