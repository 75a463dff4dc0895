-- Companies, travel agents and group blocks (modules/groups).
--
-- The city-ledger account is the company's one profile: a company or a travel agent, the
-- negotiated rate plans it may book (`rate_plan_codes`, JSON array of plan codes), an agent's
-- commission in hundredths of a percent (1000 = 10%), its IATA code and a contact.
ALTER TABLE `city_ledger_accounts` ADD `kind` text DEFAULT 'company' NOT NULL CONSTRAINT "city_ledger_accounts_kind_check" CHECK (`kind` IN ('company', 'travel_agent'));
--> statement-breakpoint
ALTER TABLE `city_ledger_accounts` ADD `rate_plan_codes` text DEFAULT '[]' NOT NULL;
--> statement-breakpoint
ALTER TABLE `city_ledger_accounts` ADD `commission_hundredths` integer CONSTRAINT "city_ledger_accounts_commission_check" CHECK (`commission_hundredths` BETWEEN 0 AND 5000);
--> statement-breakpoint
ALTER TABLE `city_ledger_accounts` ADD `iata` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `city_ledger_accounts` ADD `contact_name` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `city_ledger_accounts` ADD `contact_phone` text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE `city_ledger_accounts` ADD `contact_email` text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- A plan that is not public is sold only to bookings of a company that has it.
ALTER TABLE `rate_plans` ADD `public` integer DEFAULT true NOT NULL;
--> statement-breakpoint
-- A group block: rooms by type and night held out of general availability (and the channel's)
-- until `release_date` (the day close of that date, or an early release, returns what is not
-- picked up to sale). `billing` 'master': the members' room nights post to the group's folio.
CREATE TABLE `group_blocks` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `name` text NOT NULL,
  `company_id` integer REFERENCES `city_ledger_accounts`(`id`),
  `rate_plan` text NOT NULL REFERENCES `rate_plans`(`code`),
  `status` text NOT NULL,
  `release_date` text NOT NULL,
  `billing` text DEFAULT 'individual' NOT NULL,
  `notes` text DEFAULT '' NOT NULL,
  `released_at` integer,
  `cancelled_at` integer,
  `created_by` integer REFERENCES `users`(`id`) ON DELETE SET NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "group_blocks_status_check" CHECK (`status` IN ('tentative', 'definite', 'cancelled')),
  CONSTRAINT "group_blocks_billing_check" CHECK (`billing` IN ('master', 'individual')),
  CONSTRAINT "group_blocks_name_check" CHECK (length(`name`) BETWEEN 1 AND 120)
);
--> statement-breakpoint
CREATE INDEX `group_blocks_release_idx` ON `group_blocks` (`release_date`) WHERE `released_at` IS NULL AND `cancelled_at` IS NULL;
--> statement-breakpoint
-- How many rooms of a type a block holds on a night. A release lowers `held` to what is picked up.
CREATE TABLE `group_block_nights` (
  `group_id` integer NOT NULL REFERENCES `group_blocks`(`id`),
  `room_type` text NOT NULL,
  `night` text NOT NULL,
  `held` integer NOT NULL,
  PRIMARY KEY (`group_id`, `room_type`, `night`),
  CONSTRAINT "group_block_nights_held_check" CHECK (`held` BETWEEN 0 AND 500)
);
--> statement-breakpoint
CREATE INDEX `group_block_nights_type_night_idx` ON `group_block_nights` (`room_type`, `night`);
--> statement-breakpoint
-- Bookings: the company and travel agent they are for, how they came (`source`: website, app,
-- assistant, phone, walk_in, email, group, or an OTA's name) and their market segment; a member
-- of a group block names it (`group_id`), and so do its nights (picked up from the block's hold).
ALTER TABLE `booking_submissions` ADD `company_id` integer REFERENCES `city_ledger_accounts`(`id`);
--> statement-breakpoint
ALTER TABLE `booking_submissions` ADD `travel_agent_id` integer REFERENCES `city_ledger_accounts`(`id`);
--> statement-breakpoint
ALTER TABLE `booking_submissions` ADD `segment` text CONSTRAINT "booking_submissions_segment_check" CHECK (`segment` IN ('leisure', 'corporate', 'group', 'government', 'ota', 'other'));
--> statement-breakpoint
ALTER TABLE `booking_submissions` ADD `group_id` integer REFERENCES `group_blocks`(`id`);
--> statement-breakpoint
ALTER TABLE `booking_nights` ADD `group_id` integer REFERENCES `group_blocks`(`id`);
--> statement-breakpoint
CREATE INDEX `booking_submissions_company_idx` ON `booking_submissions` (`company_id`) WHERE `company_id` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `booking_submissions_travel_agent_idx` ON `booking_submissions` (`travel_agent_id`, `check_in_date`) WHERE `travel_agent_id` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `booking_submissions_group_idx` ON `booking_submissions` (`group_id`) WHERE `group_id` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `booking_nights_group_idx` ON `booking_nights` (`group_id`, `room_type`, `night`) WHERE `group_id` IS NOT NULL;
