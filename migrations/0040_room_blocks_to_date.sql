-- The rooms list reads the out-of-order periods not yet ended (`to_date` > today): along this
-- index, not a scan of every period the hotel has ever had (issue 31 review).
CREATE INDEX `room_blocks_to_date_idx` ON `room_blocks` (`to_date`);
