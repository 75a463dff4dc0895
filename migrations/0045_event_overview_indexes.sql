-- The events management screen counts this month's entries per event and the entries waiting for
-- a decision: each count reads an index of its own rows, not the whole history of entries.
CREATE INDEX `monthly_participations_month_event_idx`
  ON `monthly_participations` (`participation_month`, `event_type`);
CREATE INDEX `photography_submissions_pending_idx`
  ON `photography_submissions` (`submission_date`) WHERE `decided_at` IS NULL;
CREATE INDEX `google_review_submissions_pending_idx`
  ON `google_review_submissions` (`submission_date`) WHERE `decided_at` IS NULL;
