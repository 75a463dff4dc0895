-- The extras a guest buys for a stay before arriving (docs/decisions/094-stay-extras.md): the hotel's
-- offers (an upgrade from one room type to another, an early check-in or a late check-out with price
-- tiers by the hour and a daily cap of rooms, breakfast, an airport transfer, any other extra), each
-- stay's purchases of them, and which offers each stay was shown (the offers report's "made").
-- A purchase's lines on the folio name it (folio_lines.extra_purchase_id), as an outlet's check does.
-- The database holds what a race could break: an early check-in or late check-out past its daily cap
-- (`extra_cap_reached`), a stay buying the same once-only extra twice (the unique index), a purchase
-- moved from a final state; an upgrade's new nights are held by the no-overbooking trigger of
-- booking_nights in the purchase's own batch.
CREATE TABLE `extras` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`name_ar` text NOT NULL,
	`name_en` text NOT NULL,
	`description_ar` text DEFAULT '' NOT NULL,
	`description_en` text DEFAULT '' NOT NULL,
	`price_baisa` integer NOT NULL,
	`department` text NOT NULL,
	`from_room_type` text,
	`to_room_type` text,
	`instant` integer DEFAULT true NOT NULL,
	`daily_cap` integer,
	`tiers` text DEFAULT '[]' NOT NULL,
	`rate_plans` text DEFAULT '[]' NOT NULL,
	`room_types` text DEFAULT '[]' NOT NULL,
	`photo` text,
	`active` integer DEFAULT true NOT NULL,
	`deleted_at` integer,
	`created_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "extras_kind_check" CHECK("extras"."kind" in ('upgrade', 'early_check_in', 'late_check_out', 'breakfast', 'transfer', 'other')),
	CONSTRAINT "extras_price_check" CHECK("extras"."price_baisa" > 0),
	CONSTRAINT "extras_upgrade_check" CHECK(("extras"."kind" = 'upgrade') = ("extras"."from_room_type" is not null and "extras"."to_room_type" is not null and "extras"."from_room_type" <> "extras"."to_room_type")),
	CONSTRAINT "extras_cap_check" CHECK("extras"."daily_cap" is null or ("extras"."kind" in ('early_check_in', 'late_check_out') and "extras"."daily_cap" between 1 and 500))
);
--> statement-breakpoint
CREATE INDEX `extras_active_idx` ON `extras` (`kind`) WHERE "extras"."active" = 1 and "extras"."deleted_at" is null;
--> statement-breakpoint
CREATE TABLE `extra_purchases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`extra_id` integer NOT NULL,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`channel` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_price_baisa` integer NOT NULL,
	`total_baisa` integer NOT NULL,
	`service_date` text NOT NULL,
	`service_time` text,
	`details` text DEFAULT '{}' NOT NULL,
	`from_room_type` text,
	`to_room_type` text,
	`pay_online` integer DEFAULT false NOT NULL,
	`payment_session_id` integer,
	`token` text NOT NULL,
	`decided_by` integer,
	`decided_at` integer,
	`decline_reason` text,
	`created_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `booking_submissions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`extra_id`) REFERENCES `extras`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "extra_purchases_kind_check" CHECK("extra_purchases"."kind" in ('upgrade', 'early_check_in', 'late_check_out', 'breakfast', 'transfer', 'other')),
	CONSTRAINT "extra_purchases_status_check" CHECK("extra_purchases"."status" in ('requested', 'confirmed', 'declined', 'expired', 'cancelled')),
	CONSTRAINT "extra_purchases_channel_check" CHECK("extra_purchases"."channel" in ('app', 'whatsapp', 'desk')),
	CONSTRAINT "extra_purchases_amount_check" CHECK("extra_purchases"."quantity" between 1 and 999 and "extra_purchases"."unit_price_baisa" > 0 and "extra_purchases"."total_baisa" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `extra_purchases_token_idx` ON `extra_purchases` (`token`);
--> statement-breakpoint
CREATE INDEX `extra_purchases_booking_idx` ON `extra_purchases` (`booking_id`);
--> statement-breakpoint
CREATE INDEX `extra_purchases_cap_idx` ON `extra_purchases` (`extra_id`,`service_date`) WHERE "extra_purchases"."status" in ('requested', 'confirmed');
--> statement-breakpoint
CREATE UNIQUE INDEX `extra_purchases_once_idx` ON `extra_purchases` (`booking_id`,`extra_id`) WHERE "extra_purchases"."status" in ('requested', 'confirmed') and "extra_purchases"."kind" in ('upgrade', 'early_check_in', 'late_check_out', 'breakfast');
--> statement-breakpoint
CREATE INDEX `extra_purchases_requested_idx` ON `extra_purchases` (`service_date`) WHERE "extra_purchases"."status" = 'requested';
--> statement-breakpoint
CREATE INDEX `extra_purchases_created_at_idx` ON `extra_purchases` (`created_at`);
--> statement-breakpoint
CREATE INDEX `extra_purchases_decided_by_idx` ON `extra_purchases` (`decided_by`) WHERE "extra_purchases"."decided_by" is not null;
--> statement-breakpoint
CREATE INDEX `extra_purchases_created_by_idx` ON `extra_purchases` (`created_by`) WHERE "extra_purchases"."created_by" is not null;
--> statement-breakpoint
-- An early check-in or a late check-out past its daily cap: the requests waiting count, so two
-- guests racing for the last place get one.
CREATE TRIGGER `extra_purchases_daily_cap` BEFORE INSERT ON `extra_purchases`
WHEN NEW.`status` IN ('requested', 'confirmed')
  AND (SELECT `daily_cap` FROM `extras` WHERE `id` = NEW.`extra_id`) IS NOT NULL
  AND (SELECT count(*) FROM `extra_purchases` WHERE `extra_id` = NEW.`extra_id`
    AND `service_date` = NEW.`service_date` AND `status` IN ('requested', 'confirmed'))
    >= (SELECT `daily_cap` FROM `extras` WHERE `id` = NEW.`extra_id`)
BEGIN
  SELECT RAISE(ABORT, 'extra_cap_reached');
END;
--> statement-breakpoint
-- A purchase moves only forward: a request is answered once, a confirmed one is only cancelled.
CREATE TRIGGER `extra_purchases_transition` BEFORE UPDATE OF `status` ON `extra_purchases`
WHEN NEW.`status` <> OLD.`status` AND NOT (
  (OLD.`status` = 'requested' AND NEW.`status` IN ('confirmed', 'declined', 'expired', 'cancelled'))
  OR (OLD.`status` = 'confirmed' AND NEW.`status` = 'cancelled'))
BEGIN
  SELECT RAISE(ABORT, 'extra_purchase_transition');
END;
--> statement-breakpoint
CREATE TABLE `extra_offers_shown` (
	`booking_id` integer NOT NULL,
	`extra_id` integer NOT NULL,
	`channel` text NOT NULL,
	`shown_date` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`booking_id`, `extra_id`, `channel`),
	FOREIGN KEY (`booking_id`) REFERENCES `booking_submissions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`extra_id`) REFERENCES `extras`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "extra_offers_shown_channel_check" CHECK("extra_offers_shown"."channel" in ('app', 'whatsapp', 'desk'))
);
--> statement-breakpoint
CREATE INDEX `extra_offers_shown_date_idx` ON `extra_offers_shown` (`shown_date`);
--> statement-breakpoint
ALTER TABLE `folio_lines` ADD `extra_purchase_id` integer;
--> statement-breakpoint
CREATE INDEX `folio_lines_extra_purchase_idx` ON `folio_lines` (`extra_purchase_id`) WHERE "folio_lines"."extra_purchase_id" IS NOT NULL;
