-- Issue 28 (left from its review): the desk's date filter ("stays overlapping from … to") read
-- along the creation index and skipped every booking outside the window, so a window far back
-- read the whole history. Stays are at most MAX_STAY_NIGHTS (30) nights, so a stay overlapping
-- the window checks in between `from` − 30 days and `to`: a bounded range of this index.
CREATE INDEX `booking_submissions_check_in_idx` ON `booking_submissions` (`check_in_date`,`check_out_date`);
