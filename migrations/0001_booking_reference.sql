ALTER TABLE `booking_submissions` ADD `reference` text NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `booking_submissions_reference_idx` ON `booking_submissions` (`reference`);