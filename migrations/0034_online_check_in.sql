-- Issue 30 section 5: online check-in. A guest of an approved or confirmed booking adds, from
-- `online_check_in_hours` before check-in time on the arrival day, their arrival time, adults and
-- children, requests and a photo of their ID (kept in R2 under `id_document_key`, never served
-- to anyone but staff), and accepts the hotel's terms. Kept on the booking itself, so the desk's
-- list reads them with the row it already reads.
ALTER TABLE `booking_submissions` ADD `check_in_arrival_time` text;
--> statement-breakpoint
ALTER TABLE `booking_submissions` ADD `check_in_adults` integer;
--> statement-breakpoint
ALTER TABLE `booking_submissions` ADD `check_in_children` integer;
--> statement-breakpoint
ALTER TABLE `booking_submissions` ADD `check_in_requests` text;
--> statement-breakpoint
ALTER TABLE `booking_submissions` ADD `check_in_terms_accepted_at` integer;
--> statement-breakpoint
ALTER TABLE `booking_submissions` ADD `checked_in_online_at` integer;
--> statement-breakpoint
ALTER TABLE `booking_submissions` ADD `id_document_key` text;
--> statement-breakpoint
ALTER TABLE `booking_submissions` ADD `id_document_type` text;
--> statement-breakpoint
ALTER TABLE `booking_submissions` ADD `id_document_uploaded_at` integer;
--> statement-breakpoint
-- When the daily job deleted the ID photo and masked the ID number (`id_retention_days` after
-- check-out). The job reads the bookings not yet done, oldest check-out first, along this partial
-- index: once done, a booking leaves it, so a run reads the due rows only, however long the history.
ALTER TABLE `booking_submissions` ADD `id_data_purged_at` integer;
--> statement-breakpoint
CREATE INDEX `booking_submissions_id_retention_idx` ON `booking_submissions` (`check_out_date`) WHERE `id_data_purged_at` IS NULL;
--> statement-breakpoint
-- The daily sweep of ID photos no booking points to looks their keys up along this index.
CREATE INDEX `booking_submissions_id_document_key_idx` ON `booking_submissions` (`id_document_key`);
