-- The books on hand as each day close found them (modules/reports): for each of the 365 nights
-- after the closed date, the rooms and the net room revenue (without the taxes) on the books,
-- definite (approved and confirmed bookings, the unpicked holds of definite group blocks) and
-- tentative (pending requests, the unpicked holds of tentative blocks) apart, one row per night,
-- room type, segment, source and company (0: none) that has any; a combination with nothing on
-- the books has no row. Written in the close's own batch, only by the close that inserts the
-- day's row: the primary key keeps a second write of the same close from storing anything twice.
-- A report reads one close's nights along the primary key.
CREATE TABLE `books_on_hand` (
  `close_date` text NOT NULL,
  `night` text NOT NULL,
  `room_type` text NOT NULL,
  `segment` text NOT NULL,
  `source` text NOT NULL,
  `company_id` integer DEFAULT 0 NOT NULL,
  `definite_rooms` integer DEFAULT 0 NOT NULL,
  `definite_revenue_baisa` integer DEFAULT 0 NOT NULL,
  `tentative_rooms` integer DEFAULT 0 NOT NULL,
  `tentative_revenue_baisa` integer DEFAULT 0 NOT NULL,
  PRIMARY KEY (`close_date`, `night`, `room_type`, `segment`, `source`, `company_id`),
  CONSTRAINT "books_on_hand_counts_check" CHECK (`definite_rooms` >= 0 AND `tentative_rooms` >= 0)
) WITHOUT ROWID;
--> statement-breakpoint
-- Each night the close counted, counted apart from the rows above (the booked nights and the
-- unpicked holds, not grouped): the integrity check proves the rows of each night add up to it.
CREATE TABLE `books_on_hand_nights` (
  `close_date` text NOT NULL,
  `night` text NOT NULL,
  `rooms` integer NOT NULL,
  `revenue_baisa` integer NOT NULL,
  PRIMARY KEY (`close_date`, `night`)
) WITHOUT ROWID;
