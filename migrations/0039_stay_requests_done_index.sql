-- Issue 31 section 6: the staff's queue lists the requests finished today (done or declined),
-- newest first. Along this index it reads those rows only, whatever the history.
CREATE INDEX `stay_requests_done_at_idx` ON `stay_requests` (`done_at`) WHERE `done_at` IS NOT NULL;
