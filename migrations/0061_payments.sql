-- Online payments (docs/decisions/071-online-payments.md): a guest pays a deposit or a balance on a
-- payment provider's hosted page; the provider tells us by a signed webhook; the payment is an
-- `online` line on the booking's folio. Card data never reaches us.
--
-- payment_sessions   one checkout at the provider for one booking and amount (open -> paid | failed | expired)
-- payment_events     every webhook received, applied or refused (a refused one changes nothing else);
--                    an event id is applied at most once
-- payment_refunds    a refund asked of the provider (requested -> sending -> succeeded | failed);
--                    its folio refund line is posted when the provider confirms it
--
-- The folio line of a provider's payment (or refund) carries the provider's id in
-- `provider_reference`, unique per kind: one payment at the provider is one line, whatever
-- races or repeats.
CREATE TABLE `payment_sessions` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `booking_id` integer NOT NULL REFERENCES `booking_submissions`(`id`),
  `provider` text NOT NULL,
  `provider_session_id` text NOT NULL,
  `purpose` text NOT NULL,
  `amount_baisa` integer NOT NULL,
  `currency` text DEFAULT 'OMR' NOT NULL,
  `status` text DEFAULT 'open' NOT NULL,
  `checkout_url` text NOT NULL,
  `provider_payment_id` text,
  `payment_line_id` integer REFERENCES `folio_lines`(`id`),
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `settled_at` integer,
  `checked_at` integer,
  `provider_status` text,
  `created_by` integer REFERENCES `users`(`id`) ON DELETE SET NULL,
  CONSTRAINT "payment_sessions_provider_check" CHECK (`provider` IN ('fake', 'thawani')),
  CONSTRAINT "payment_sessions_purpose_check" CHECK (`purpose` IN ('deposit', 'balance')),
  CONSTRAINT "payment_sessions_status_check" CHECK (`status` IN ('open', 'paid', 'failed', 'expired')),
  CONSTRAINT "payment_sessions_amount_check" CHECK (`amount_baisa` > 0),
  CONSTRAINT "payment_sessions_provider_status_check" CHECK (`provider_status` IS NULL OR `provider_status` IN ('open', 'paid', 'failed', 'expired')),
  CONSTRAINT "payment_sessions_paid_check" CHECK ((`status` = 'paid') = (`payment_line_id` IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_sessions_provider_idx` ON `payment_sessions` (`provider`, `provider_session_id`);
--> statement-breakpoint
CREATE INDEX `payment_sessions_booking_idx` ON `payment_sessions` (`booking_id`, `id`);
--> statement-breakpoint
-- The cron's look at sessions left open: only the open ones, oldest first.
CREATE INDEX `payment_sessions_open_idx` ON `payment_sessions` (`created_at`) WHERE `status` = 'open';
--> statement-breakpoint
CREATE INDEX `payment_sessions_created_idx` ON `payment_sessions` (`created_at`);
--> statement-breakpoint
-- The staff list filtered by state, newest first.
CREATE INDEX `payment_sessions_status_idx` ON `payment_sessions` (`status`, `created_at`);
--> statement-breakpoint
-- Foreign keys into folio_lines are checked by index when a line is written.
CREATE INDEX `payment_sessions_payment_line_idx` ON `payment_sessions` (`payment_line_id`);
--> statement-breakpoint
CREATE INDEX `payment_sessions_created_by_idx` ON `payment_sessions` (`created_by`) WHERE `created_by` IS NOT NULL;
--> statement-breakpoint
CREATE TABLE `payment_events` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `provider` text NOT NULL,
  `event_id` text NOT NULL,
  `type` text NOT NULL,
  `session_id` integer REFERENCES `payment_sessions`(`id`),
  `outcome` text NOT NULL,
  `reason` text,
  `amount_baisa` integer,
  `received_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "payment_events_outcome_check" CHECK (`outcome` IN ('applied', 'refused')),
  CONSTRAINT "payment_events_reason_check" CHECK ((`outcome` = 'refused') = (`reason` IS NOT NULL))
);
--> statement-breakpoint
-- An event is applied once: a second copy finds its id taken and changes nothing.
CREATE UNIQUE INDEX `payment_events_applied_idx` ON `payment_events` (`provider`, `event_id`) WHERE `outcome` = 'applied';
--> statement-breakpoint
CREATE INDEX `payment_events_received_idx` ON `payment_events` (`received_at`);
--> statement-breakpoint
-- The refused webhooks staff read, newest first.
CREATE INDEX `payment_events_refused_idx` ON `payment_events` (`received_at`) WHERE `outcome` = 'refused';
--> statement-breakpoint
CREATE INDEX `payment_events_session_idx` ON `payment_events` (`session_id`) WHERE `session_id` IS NOT NULL;
--> statement-breakpoint
CREATE TABLE `payment_refunds` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `session_id` integer NOT NULL REFERENCES `payment_sessions`(`id`),
  `booking_id` integer NOT NULL REFERENCES `booking_submissions`(`id`),
  `payment_line_id` integer NOT NULL REFERENCES `folio_lines`(`id`),
  `amount_baisa` integer NOT NULL,
  `reason` text NOT NULL,
  `status` text DEFAULT 'requested' NOT NULL,
  `provider_refund_id` text,
  `refund_line_id` integer REFERENCES `folio_lines`(`id`),
  `failure` text,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `sent_at` integer,
  `settled_at` integer,
  `requested_by` integer REFERENCES `users`(`id`) ON DELETE SET NULL,
  CONSTRAINT "payment_refunds_amount_check" CHECK (`amount_baisa` > 0),
  CONSTRAINT "payment_refunds_status_check" CHECK (`status` IN ('requested', 'sending', 'sent', 'succeeded', 'failed')),
  CONSTRAINT "payment_refunds_line_check" CHECK ((`status` = 'succeeded') = (`refund_line_id` IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX `payment_refunds_payment_idx` ON `payment_refunds` (`payment_line_id`);
--> statement-breakpoint
CREATE INDEX `payment_refunds_refund_line_idx` ON `payment_refunds` (`refund_line_id`);
--> statement-breakpoint
CREATE INDEX `payment_refunds_booking_idx` ON `payment_refunds` (`booking_id`, `id`);
--> statement-breakpoint
-- The refunds still to send or to hear about: only those, oldest first.
CREATE INDEX `payment_refunds_open_idx` ON `payment_refunds` (`created_at`) WHERE `status` IN ('requested', 'sending', 'sent');
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_refunds_provider_idx` ON `payment_refunds` (`provider_refund_id`) WHERE `provider_refund_id` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `payment_refunds_requested_by_idx` ON `payment_refunds` (`requested_by`) WHERE `requested_by` IS NOT NULL;
--> statement-breakpoint
-- A refund asked of the provider never exceeds what its online payment has left: what the folio
-- refunded already plus the refunds still on their way.
CREATE TRIGGER `payment_refunds_limit` BEFORE INSERT ON `payment_refunds`
WHEN NOT EXISTS (
  SELECT 1 FROM `folio_lines` p WHERE p.`id` = NEW.`payment_line_id` AND p.`booking_id` = NEW.`booking_id`
    AND p.`kind` = 'payment' AND p.`method` = 'online'
    AND p.`amount_baisa` >= NEW.`amount_baisa`
      + (SELECT coalesce(sum(r.`amount_baisa`), 0) FROM `folio_lines` r WHERE r.`refunds_line_id` = p.`id`)
      + (SELECT coalesce(sum(q.`amount_baisa`), 0) FROM `payment_refunds` q
         WHERE q.`payment_line_id` = p.`id` AND q.`status` IN ('requested', 'sending', 'sent'))
)
BEGIN
  SELECT RAISE(ABORT, 'refund_exceeds_payment');
END;
--> statement-breakpoint
-- One folio line per payment and per refund at the provider.
CREATE UNIQUE INDEX `folio_lines_provider_payment_idx` ON `folio_lines` (`provider_reference`)
  WHERE `provider_reference` IS NOT NULL AND `kind` = 'payment';
--> statement-breakpoint
CREATE UNIQUE INDEX `folio_lines_provider_refund_idx` ON `folio_lines` (`provider_reference`)
  WHERE `provider_reference` IS NOT NULL AND `kind` = 'refund';
--> statement-breakpoint
-- What a booking's plan asked for when it was booked: the deposit rule is kept with the booking
-- (as its cancellation rule is), so a later change of the plan does not change what is due.
ALTER TABLE `booking_submissions` ADD `deposit_rule` text;
--> statement-breakpoint
-- A plan may confirm a pending request as soon as its deposit is paid.
ALTER TABLE `rate_plans` ADD `confirm_on_deposit` integer DEFAULT false NOT NULL;
--> statement-breakpoint
-- The fake provider's own books (development only: the provider inside the development worker,
-- modules/payments/fake-provider.ts). A real provider keeps these on its side; the app reads them
-- only through the provider's API, as it would a real one's.
CREATE TABLE `fake_provider_sessions` (
  `id` text PRIMARY KEY NOT NULL,
  `reference` text NOT NULL,
  `amount_baisa` integer NOT NULL,
  `description` text NOT NULL,
  `success_url` text NOT NULL,
  `cancel_url` text NOT NULL,
  `status` text DEFAULT 'open' NOT NULL,
  `payment_id` text,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "fake_provider_sessions_status_check" CHECK (`status` IN ('open', 'paid', 'declined'))
);
--> statement-breakpoint
CREATE TABLE `fake_provider_refunds` (
  `id` text PRIMARY KEY NOT NULL,
  `session_id` text NOT NULL REFERENCES `fake_provider_sessions`(`id`),
  `payment_id` text NOT NULL,
  `amount_baisa` integer NOT NULL,
  `reference` text NOT NULL,
  `status` text DEFAULT 'succeeded' NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "fake_provider_refunds_status_check" CHECK (`status` IN ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE INDEX `fake_provider_refunds_session_idx` ON `fake_provider_refunds` (`session_id`);
