-- The fake payment provider speaks Thawani Pay (docs/decisions/071-online-payments.md): it is a
-- stand-in for Thawani's E-Commerce API inside the development worker
-- (worker/src/modules/payments/providers/fake/), and the app reaches it with the Thawani adapter.
-- Its books are Thawani's own objects as the "Thawani ECommerce API" 1.0 describes them (a
-- checkout session, its payment attempts, the refunds), so the old fake's books, kept in its own
-- words, go. Development only: these tables stay empty anywhere else (a real provider keeps them
-- on its side). Once applied anywhere, never edit this file: a later change is a new migration.
-- What the app still waits for from the old fake (a local database's open checkouts and refunds
-- not yet confirmed) can never be looked up once its books are gone: closed with them, as the
-- cron would close a checkout its provider no longer has.
UPDATE `payment_refunds` SET `status` = 'failed', `failure` = 'The development provider was replaced (migration 0079)',
  `settled_at` = cast(unixepoch('subsec') * 1000 as integer)
WHERE `status` IN ('requested', 'sending', 'sent')
  AND `session_id` IN (SELECT `id` FROM `payment_sessions` WHERE `provider` = 'fake');
--> statement-breakpoint
UPDATE `payment_sessions` SET `status` = 'expired', `settled_at` = cast(unixepoch('subsec') * 1000 as integer)
WHERE `provider` = 'fake' AND `status` = 'open';
--> statement-breakpoint
DROP INDEX IF EXISTS `fake_provider_refunds_session_idx`;
--> statement-breakpoint
DROP TABLE IF EXISTS `fake_provider_refunds`;
--> statement-breakpoint
DROP TABLE IF EXISTS `fake_provider_sessions`;
--> statement-breakpoint
-- Checkout_Model: one checkout session; `products` and `metadata` are JSON as Thawani answers them.
CREATE TABLE `fake_thawani_sessions` (
  `session_id` text PRIMARY KEY NOT NULL,
  `client_reference_id` text NOT NULL,
  `invoice` text NOT NULL,
  `products` text NOT NULL,
  `total_amount` integer NOT NULL,
  `currency` text DEFAULT 'OMR' NOT NULL,
  `success_url` text NOT NULL,
  `cancel_url` text NOT NULL,
  `payment_status` text DEFAULT 'unpaid' NOT NULL,
  `metadata` text NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `expire_at` integer NOT NULL,
  CONSTRAINT "fake_thawani_sessions_status_check" CHECK (`payment_status` IN ('unpaid', 'paid', 'cancelled'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fake_thawani_sessions_invoice_idx` ON `fake_thawani_sessions` (`invoice`);
--> statement-breakpoint
-- Payment_Model: one attempt to pay a session's invoice (a declined card is one too).
CREATE TABLE `fake_thawani_payments` (
  `payment_id` text PRIMARY KEY NOT NULL,
  `checkout_invoice` text NOT NULL,
  `amount` integer NOT NULL,
  `fee` integer DEFAULT 0 NOT NULL,
  `status` text NOT NULL,
  `masked_card` text NOT NULL,
  `card_type` text NOT NULL,
  `reason` text,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "fake_thawani_payments_status_check" CHECK (`status` IN ('InProccess', 'Successful', 'Failed'))
);
--> statement-breakpoint
CREATE INDEX `fake_thawani_payments_invoice_idx` ON `fake_thawani_payments` (`checkout_invoice`);
--> statement-breakpoint
-- Refund_Model: a refund of (part of) a payment. Its status is Thawani's word (`successful`,
-- `failed`, or any other a test moves it to: the adapter reads an undocumented one as not final).
CREATE TABLE `fake_thawani_refunds` (
  `refund_id` text PRIMARY KEY NOT NULL,
  `payment_id` text NOT NULL REFERENCES `fake_thawani_payments`(`payment_id`),
  `amount` integer NOT NULL,
  `reason` text NOT NULL,
  `status` text NOT NULL,
  `metadata` text NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `fake_thawani_refunds_payment_idx` ON `fake_thawani_refunds` (`payment_id`);
--> statement-breakpoint
-- What a test asked of the fake (one row, id 1): the next `fault_remaining` API calls answer the
-- HTTP status `fault_status`, a list answers at most `page_limit` a page whatever `limit` asked, new
-- payments carry a `fee` (on top of the session's total, or taken from it), and a new refund starts
-- in `refund_status`.
CREATE TABLE `fake_thawani_controls` (
  `id` integer PRIMARY KEY NOT NULL,
  `fault_status` integer DEFAULT 0 NOT NULL,
  `fault_remaining` integer DEFAULT 0 NOT NULL,
  `page_limit` integer,
  `fee` integer DEFAULT 0 NOT NULL,
  `fee_on_top` integer DEFAULT false NOT NULL,
  `refund_status` text DEFAULT 'successful' NOT NULL,
  CONSTRAINT "fake_thawani_controls_one_row" CHECK (`id` = 1)
);
