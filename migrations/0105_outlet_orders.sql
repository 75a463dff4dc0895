-- Why this change: a guest in house orders from an outlet's menu in the app (room service, the
-- café, the spa's treatments at a time, the laundry; docs/decisions/102-outlet-orders.md). An order
-- waits on the outlet's tablet as `sent`; accepted, it becomes the outlet's check to the room
-- (posted to the folio in the check's batch, exactly once: `check_id` is unique); refused, it keeps
-- the outlet's reason; the guest may cancel it while it is still `sent`.
--
-- (1) The outlets: whether guests order from them in the app (off until a manager turns it on),
-- and how many treatments they give at once (a spa's therapists).
ALTER TABLE `outlets` ADD `app_orders` integer DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE `outlets` ADD `slot_capacity` integer DEFAULT 1 NOT NULL CONSTRAINT "outlets_slot_capacity_check" CHECK ("slot_capacity" BETWEEN 1 AND 50);
--> statement-breakpoint
-- (2) The items: ordered in the app or only at the outlet, a treatment's length (it is booked at a
-- time and holds a place that long), and a photo (R2, under media/: served by /media/ as the
-- hotel's other photos).
ALTER TABLE `outlet_items` ADD `app_orderable` integer DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE `outlet_items` ADD `duration_minutes` integer CONSTRAINT "outlet_items_duration_check" CHECK ("duration_minutes" IS NULL OR "duration_minutes" BETWEEN 5 AND 480);
--> statement-breakpoint
ALTER TABLE `outlet_items` ADD `photo_key` text;
--> statement-breakpoint
-- (3) The orders.
CREATE TABLE `outlet_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`outlet_id` integer NOT NULL,
	`booking_id` integer NOT NULL,
	`status` text DEFAULT 'sent' NOT NULL,
	`lines` text NOT NULL,
	`total_baisa` integer NOT NULL,
	`note` text,
	`starts_at` integer,
	`ends_at` integer,
	`seats` integer DEFAULT 0 NOT NULL,
	`refusal_reason` text,
	`refusal_note` text,
	`check_id` integer,
	`token` text NOT NULL,
	`created_by` integer,
	`decided_by` integer,
	`decided_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`outlet_id`) REFERENCES `outlets`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`booking_id`) REFERENCES `booking_submissions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`check_id`) REFERENCES `outlet_checks`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "outlet_orders_status_check" CHECK("outlet_orders"."status" in ('sent', 'accepted', 'refused', 'cancelled')),
	CONSTRAINT "outlet_orders_accepted_check" CHECK(("outlet_orders"."status" = 'accepted') = ("outlet_orders"."check_id" is not null)),
	CONSTRAINT "outlet_orders_refused_check" CHECK(("outlet_orders"."status" = 'refused') = ("outlet_orders"."refusal_reason" is not null)),
	CONSTRAINT "outlet_orders_reason_check" CHECK("outlet_orders"."refusal_reason" is null or "outlet_orders"."refusal_reason" in ('unavailable', 'fully_booked', 'closing', 'too_busy', 'other')),
	CONSTRAINT "outlet_orders_total_check" CHECK("outlet_orders"."total_baisa" > 0),
	CONSTRAINT "outlet_orders_time_check" CHECK(("outlet_orders"."starts_at" is null) = ("outlet_orders"."ends_at" is null) and ("outlet_orders"."starts_at" is null or "outlet_orders"."ends_at" >= "outlet_orders"."starts_at")),
	CONSTRAINT "outlet_orders_seats_check" CHECK("outlet_orders"."seats" >= 0 and ("outlet_orders"."seats" = 0 or "outlet_orders"."ends_at" > "outlet_orders"."starts_at"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `outlet_orders_token_idx` ON `outlet_orders` (`token`);
--> statement-breakpoint
CREATE UNIQUE INDEX `outlet_orders_check_idx` ON `outlet_orders` (`check_id`) WHERE "outlet_orders"."check_id" is not null;
--> statement-breakpoint
CREATE INDEX `outlet_orders_booking_idx` ON `outlet_orders` (`booking_id`,`id`);
--> statement-breakpoint
CREATE INDEX `outlet_orders_outlet_idx` ON `outlet_orders` (`outlet_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX `outlet_orders_open_idx` ON `outlet_orders` (`outlet_id`,`id`) WHERE "outlet_orders"."status" = 'sent';
--> statement-breakpoint
CREATE INDEX `outlet_orders_slot_idx` ON `outlet_orders` (`outlet_id`,`starts_at`) WHERE "outlet_orders"."seats" > 0 and "outlet_orders"."status" in ('sent', 'accepted');
--> statement-breakpoint
CREATE INDEX `outlet_orders_created_by_idx` ON `outlet_orders` (`created_by`) WHERE "outlet_orders"."created_by" is not null;
--> statement-breakpoint
CREATE INDEX `outlet_orders_decided_by_idx` ON `outlet_orders` (`decided_by`) WHERE "outlet_orders"."decided_by" is not null;
--> statement-breakpoint
-- An order is decided once: from `sent` only, never back, never another decision after it.
CREATE TRIGGER `outlet_orders_decided_once` BEFORE UPDATE OF `status` ON `outlet_orders`
WHEN OLD.`status` <> 'sent' AND NEW.`status` <> OLD.`status`
BEGIN
  SELECT RAISE(ABORT, 'order_not_open');
END;
