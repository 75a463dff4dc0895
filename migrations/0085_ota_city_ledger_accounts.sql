-- An online travel agency's account on the city ledger is a kind of its own, 'ota' (a walk through
-- the screens found "booking.com appears as a company in the company pickers"). The account the
-- channel opens for an OTA whose stays it collects (modules/folio line-statements.ts
-- openOtaCityLedgerAccountStatement) was a 'company', so the desk's company and travel-agent
-- pickers, a group block's company and check-out's "move to a company account" offered it, and the
-- server took it: another guest's stay could be billed to booking.com. Only the stays that OTA
-- collects go to it now (docs/decisions/077-companies-and-travel-agents.md).
--
-- SQLite cannot change a CHECK constraint, so the table is rebuilt with its rows, as migration 0049
-- rebuilt `users`. Its children (folio_lines, city_ledger_payments, group_blocks and
-- booking_submissions) refer to it with no action on delete: with the checks deferred, dropping
-- the table leaves them pointing at ids that the same rows, put back under the same ids, satisfy
-- again before the end. No trigger is on the table itself (the balance's are on its children).
PRAGMA defer_foreign_keys = on;
--> statement-breakpoint
CREATE TABLE `__keep_city_ledger_accounts` AS SELECT * FROM `city_ledger_accounts`;
--> statement-breakpoint
DROP TABLE `city_ledger_accounts`;
--> statement-breakpoint
CREATE TABLE `city_ledger_accounts` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `name` text NOT NULL,
  `vat_number` text DEFAULT '' NOT NULL,
  `address` text DEFAULT '' NOT NULL,
  `credit_limit_baisa` integer,
  `balance_baisa` integer DEFAULT 0 NOT NULL,
  `active` integer DEFAULT true NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `kind` text DEFAULT 'company' NOT NULL,
  `rate_plan_codes` text DEFAULT '[]' NOT NULL,
  `commission_hundredths` integer,
  `iata` text DEFAULT '' NOT NULL,
  `contact_name` text DEFAULT '' NOT NULL,
  `contact_phone` text DEFAULT '' NOT NULL,
  `contact_email` text DEFAULT '' NOT NULL,
  CONSTRAINT "city_ledger_accounts_kind_check" CHECK (`kind` IN ('company', 'travel_agent', 'ota')),
  CONSTRAINT "city_ledger_accounts_commission_check" CHECK (`commission_hundredths` BETWEEN 0 AND 5000),
  CONSTRAINT "city_ledger_accounts_limit_check" CHECK (`credit_limit_baisa` IS NULL OR `credit_limit_baisa` >= 0)
);
--> statement-breakpoint
INSERT INTO `city_ledger_accounts` (`id`, `name`, `vat_number`, `address`, `credit_limit_baisa`,
  `balance_baisa`, `active`, `created_at`, `updated_at`, `kind`, `rate_plan_codes`,
  `commission_hundredths`, `iata`, `contact_name`, `contact_phone`, `contact_email`)
SELECT `id`, `name`, `vat_number`, `address`, `credit_limit_baisa`, `balance_baisa`, `active`,
  `created_at`, `updated_at`, `kind`, `rate_plan_codes`, `commission_hundredths`, `iata`,
  `contact_name`, `contact_phone`, `contact_email`
FROM `__keep_city_ledger_accounts`;
--> statement-breakpoint
DROP TABLE `__keep_city_ledger_accounts`;
--> statement-breakpoint
-- The OTAs' accounts opened so far: a company account named as an OTA whose stays it collects (the
-- channel's booking `source`, in any case), as the channel opened them. Their balances and
-- statements stay as they are.
UPDATE `city_ledger_accounts` SET `kind` = 'ota'
WHERE `kind` = 'company'
  AND lower(`name`) IN (
    SELECT lower(`source`) FROM `booking_submissions`
    WHERE `channel_booking_id` IS NOT NULL AND `payment_collect` = 'ota' AND `source` IS NOT NULL
  );
