-- The price of each guest beyond a room type's base occupancy, a night, set where a revenue
-- manager looks for it (docs/decisions/064-rates-admin.md, "Extra guests"): on the room type and
-- on the rate plan, beside a night's own on the rate calendar. The order is the night's own, the
-- plan's, the room type's, then the spec's 2.000 (null: nothing set here). Baisa, at most
-- 10,000.000 rials like every price of the rates.
ALTER TABLE `rooms` ADD `extra_guest_price_baisa` integer CONSTRAINT "rooms_extra_guest_price_check" CHECK (`extra_guest_price_baisa` BETWEEN 0 AND 10000000);
--> statement-breakpoint
ALTER TABLE `rate_plans` ADD `extra_guest_price_baisa` integer CONSTRAINT "rate_plans_extra_guest_price_check" CHECK (`extra_guest_price_baisa` BETWEEN 0 AND 10000000);
