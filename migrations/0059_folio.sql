-- The hotel's money (docs/decisions/067-folio.md): a folio of append-only lines per booking, its
-- balance kept by the database in the same statement as each line, tax invoices and credit notes
-- with gapless numbers per year, company accounts on the city ledger, and the day close.
--
-- Amounts are integer baisa. A line's kind says how it moves the balance:
--   charge      +amount (department, quantity, net and each tax; amount > 0)
--   correction  +amount (amount < 0: the exact negation of the charge it corrects, with a reason)
--   payment     -amount (cash, card at the desk, bank transfer, online; amount > 0)
--   refund      +amount (of a payment line, never above what that payment left; amount > 0)
--   transfer    -amount (the balance moved to a company's city-ledger account; amount > 0)
-- Nothing is updated or deleted: the triggers refuse it. A line dated a closed day is refused.
CREATE TABLE `folio_lines` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `booking_id` integer NOT NULL REFERENCES `booking_submissions`(`id`),
  `kind` text NOT NULL,
  `department` text,
  `method` text,
  `description` text DEFAULT '' NOT NULL,
  `quantity` integer DEFAULT 1 NOT NULL,
  `amount_baisa` integer NOT NULL,
  `net_baisa` integer,
  `taxes` text DEFAULT '[]' NOT NULL,
  `business_date` text NOT NULL,
  `night` text,
  `corrects_line_id` integer REFERENCES `folio_lines`(`id`),
  `refunds_line_id` integer REFERENCES `folio_lines`(`id`),
  `city_ledger_account_id` integer REFERENCES `city_ledger_accounts`(`id`),
  `reason` text,
  `provider_reference` text,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `created_by` integer REFERENCES `users`(`id`) ON DELETE SET NULL,
  CONSTRAINT "folio_lines_kind_check" CHECK (`kind` IN ('charge', 'correction', 'payment', 'refund', 'transfer')),
  CONSTRAINT "folio_lines_amount_check" CHECK (
    (`kind` = 'correction' AND `amount_baisa` < 0) OR (`kind` <> 'correction' AND `amount_baisa` > 0)
  ),
  CONSTRAINT "folio_lines_charge_check" CHECK (
    (`kind` IN ('charge', 'correction')) = (`department` IS NOT NULL AND `net_baisa` IS NOT NULL)
  ),
  CONSTRAINT "folio_lines_method_check" CHECK ((`kind` IN ('payment', 'refund')) = (`method` IS NOT NULL)),
  CONSTRAINT "folio_lines_correction_check" CHECK ((`kind` = 'correction') = (`corrects_line_id` IS NOT NULL)),
  CONSTRAINT "folio_lines_refund_check" CHECK ((`kind` = 'refund') = (`refunds_line_id` IS NOT NULL)),
  CONSTRAINT "folio_lines_transfer_check" CHECK ((`kind` = 'transfer') = (`city_ledger_account_id` IS NOT NULL)),
  CONSTRAINT "folio_lines_quantity_check" CHECK (`quantity` BETWEEN 1 AND 999),
  CONSTRAINT "folio_lines_night_check" CHECK (`night` IS NULL OR (`kind` = 'charge' AND `department` = 'room'))
);
--> statement-breakpoint
-- The folio of a booking, in order; the lines a day close sums; each room night posted once; each
-- line corrected at most once; the refunds of a payment.
CREATE INDEX `folio_lines_booking_idx` ON `folio_lines` (`booking_id`, `id`);
--> statement-breakpoint
CREATE INDEX `folio_lines_business_date_idx` ON `folio_lines` (`business_date`);
--> statement-breakpoint
CREATE UNIQUE INDEX `folio_lines_night_idx` ON `folio_lines` (`booking_id`, `night`) WHERE `night` IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX `folio_lines_corrects_idx` ON `folio_lines` (`corrects_line_id`) WHERE `corrects_line_id` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `folio_lines_refunds_idx` ON `folio_lines` (`refunds_line_id`) WHERE `refunds_line_id` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `folio_lines_account_idx` ON `folio_lines` (`city_ledger_account_id`, `id`) WHERE `city_ledger_account_id` IS NOT NULL;
--> statement-breakpoint
-- The balance (charges and corrections, less payments and transfers, plus refunds), kept with the line.
ALTER TABLE `booking_submissions` ADD `folio_balance_baisa` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Company accounts: what the hotel's guests' companies owe. The balance is kept by the triggers:
-- a folio's transfer adds to it, the company's payment (city_ledger_payments) takes from it.
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
  CONSTRAINT "city_ledger_accounts_limit_check" CHECK (`credit_limit_baisa` IS NULL OR `credit_limit_baisa` >= 0)
);
--> statement-breakpoint
CREATE TABLE `city_ledger_payments` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `account_id` integer NOT NULL REFERENCES `city_ledger_accounts`(`id`),
  `method` text NOT NULL,
  `amount_baisa` integer NOT NULL,
  `reference` text DEFAULT '' NOT NULL,
  `business_date` text NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `created_by` integer REFERENCES `users`(`id`) ON DELETE SET NULL,
  CONSTRAINT "city_ledger_payments_amount_check" CHECK (`amount_baisa` > 0)
);
--> statement-breakpoint
CREATE INDEX `city_ledger_payments_account_idx` ON `city_ledger_payments` (`account_id`, `id`);
--> statement-breakpoint
CREATE INDEX `city_ledger_payments_business_date_idx` ON `city_ledger_payments` (`business_date`);
--> statement-breakpoint
-- Tax invoices and credit notes: numbered from a counter per series and year in the same batch
-- (INV-YYYY-NNNNNN, CN-YYYY-NNNNNN), their supplier, customer and lines copied in when issued,
-- and never changed after. `invoice_lines` ties each folio line to the one document it is on.
CREATE TABLE `document_counters` (
  `series` text NOT NULL,
  `year` integer NOT NULL,
  `last_number` integer NOT NULL,
  PRIMARY KEY (`series`, `year`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `invoices` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `kind` text NOT NULL,
  `number` text NOT NULL,
  `year` integer NOT NULL,
  `sequence` integer NOT NULL,
  `booking_id` integer NOT NULL REFERENCES `booking_submissions`(`id`),
  `credits_invoice_id` integer REFERENCES `invoices`(`id`),
  `reason` text,
  `issue_date` text NOT NULL,
  `supplier` text NOT NULL,
  `customer` text NOT NULL,
  `lines` text NOT NULL,
  `tax_totals` text NOT NULL,
  `net_baisa` integer NOT NULL,
  `tax_baisa` integer NOT NULL,
  `total_baisa` integer NOT NULL,
  `issued_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `issued_by` integer REFERENCES `users`(`id`) ON DELETE SET NULL,
  CONSTRAINT "invoices_kind_check" CHECK (`kind` IN ('invoice', 'credit_note')),
  CONSTRAINT "invoices_credit_check" CHECK ((`kind` = 'credit_note') = (`credits_invoice_id` IS NOT NULL)),
  CONSTRAINT "invoices_total_check" CHECK (`net_baisa` + `tax_baisa` = `total_baisa`)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_idx` ON `invoices` (`number`);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_sequence_idx` ON `invoices` (`kind`, `year`, `sequence`);
--> statement-breakpoint
CREATE INDEX `invoices_booking_idx` ON `invoices` (`booking_id`, `id`);
--> statement-breakpoint
CREATE INDEX `invoices_issue_date_idx` ON `invoices` (`issue_date`, `id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_credits_idx` ON `invoices` (`credits_invoice_id`) WHERE `credits_invoice_id` IS NOT NULL;
--> statement-breakpoint
CREATE TABLE `invoice_lines` (
  `folio_line_id` integer PRIMARY KEY NOT NULL REFERENCES `folio_lines`(`id`),
  `invoice_id` integer NOT NULL REFERENCES `invoices`(`id`)
);
--> statement-breakpoint
CREATE INDEX `invoice_lines_invoice_idx` ON `invoice_lines` (`invoice_id`);
--> statement-breakpoint
-- The day close: one row per closed business date with the day's report as it was closed.
CREATE TABLE `day_closes` (
  `date` text PRIMARY KEY NOT NULL,
  `report` text NOT NULL,
  `closed_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `closed_by` integer REFERENCES `users`(`id`) ON DELETE SET NULL
);
--> statement-breakpoint
CREATE TRIGGER `folio_lines_no_update` BEFORE UPDATE ON `folio_lines`
BEGIN
  SELECT RAISE(ABORT, 'folio_append_only');
END;
--> statement-breakpoint
CREATE TRIGGER `folio_lines_no_delete` BEFORE DELETE ON `folio_lines`
BEGIN
  SELECT RAISE(ABORT, 'folio_append_only');
END;
--> statement-breakpoint
CREATE TRIGGER `folio_lines_day_closed` BEFORE INSERT ON `folio_lines`
WHEN EXISTS (SELECT 1 FROM `day_closes` WHERE `date` = NEW.`business_date`)
BEGIN
  SELECT RAISE(ABORT, 'day_closed');
END;
--> statement-breakpoint
-- A correction reverses a charge of the same folio, exactly.
CREATE TRIGGER `folio_lines_correction_target` BEFORE INSERT ON `folio_lines`
WHEN NEW.`kind` = 'correction' AND NOT EXISTS (
  SELECT 1 FROM `folio_lines` t WHERE t.`id` = NEW.`corrects_line_id` AND t.`booking_id` = NEW.`booking_id`
    AND t.`kind` = 'charge' AND t.`amount_baisa` = -NEW.`amount_baisa`
)
BEGIN
  SELECT RAISE(ABORT, 'correction_target_invalid');
END;
--> statement-breakpoint
-- A refund is of a payment of the same folio, and all its refunds together never exceed it.
CREATE TRIGGER `folio_lines_refund_target` BEFORE INSERT ON `folio_lines`
WHEN NEW.`kind` = 'refund' AND NOT EXISTS (
  SELECT 1 FROM `folio_lines` p WHERE p.`id` = NEW.`refunds_line_id` AND p.`booking_id` = NEW.`booking_id`
    AND p.`kind` = 'payment'
    AND p.`amount_baisa` >= NEW.`amount_baisa` + (
      SELECT coalesce(sum(r.`amount_baisa`), 0) FROM `folio_lines` r WHERE r.`refunds_line_id` = p.`id`
    )
)
BEGIN
  SELECT RAISE(ABORT, 'refund_exceeds_payment');
END;
--> statement-breakpoint
-- A transfer to the city ledger stays within the account's credit limit, and the account is open.
CREATE TRIGGER `folio_lines_transfer_limit` BEFORE INSERT ON `folio_lines`
WHEN NEW.`kind` = 'transfer' AND NOT EXISTS (
  SELECT 1 FROM `city_ledger_accounts` a WHERE a.`id` = NEW.`city_ledger_account_id` AND a.`active`
    AND (a.`credit_limit_baisa` IS NULL OR a.`balance_baisa` + NEW.`amount_baisa` <= a.`credit_limit_baisa`)
)
BEGIN
  SELECT RAISE(ABORT, 'credit_limit_exceeded');
END;
--> statement-breakpoint
CREATE TRIGGER `folio_lines_balance` AFTER INSERT ON `folio_lines`
BEGIN
  UPDATE `booking_submissions`
  SET `folio_balance_baisa` = `folio_balance_baisa` + CASE
    WHEN NEW.`kind` IN ('payment', 'transfer') THEN -NEW.`amount_baisa`
    ELSE NEW.`amount_baisa`
  END
  WHERE `id` = NEW.`booking_id`;
  UPDATE `city_ledger_accounts`
  SET `balance_baisa` = `balance_baisa` + NEW.`amount_baisa`
  WHERE NEW.`kind` = 'transfer' AND `id` = NEW.`city_ledger_account_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `city_ledger_payments_balance` AFTER INSERT ON `city_ledger_payments`
BEGIN
  UPDATE `city_ledger_accounts` SET `balance_baisa` = `balance_baisa` - NEW.`amount_baisa`
  WHERE `id` = NEW.`account_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `city_ledger_payments_day_closed` BEFORE INSERT ON `city_ledger_payments`
WHEN EXISTS (SELECT 1 FROM `day_closes` WHERE `date` = NEW.`business_date`)
BEGIN
  SELECT RAISE(ABORT, 'day_closed');
END;
--> statement-breakpoint
CREATE TRIGGER `city_ledger_payments_no_change` BEFORE UPDATE ON `city_ledger_payments`
BEGIN
  SELECT RAISE(ABORT, 'folio_append_only');
END;
--> statement-breakpoint
CREATE TRIGGER `city_ledger_payments_no_delete` BEFORE DELETE ON `city_ledger_payments`
BEGIN
  SELECT RAISE(ABORT, 'folio_append_only');
END;
--> statement-breakpoint
CREATE TRIGGER `invoices_no_update` BEFORE UPDATE ON `invoices`
BEGIN
  SELECT RAISE(ABORT, 'invoice_immutable');
END;
--> statement-breakpoint
CREATE TRIGGER `invoices_no_delete` BEFORE DELETE ON `invoices`
BEGIN
  SELECT RAISE(ABORT, 'invoice_immutable');
END;
--> statement-breakpoint
CREATE TRIGGER `invoice_lines_no_update` BEFORE UPDATE ON `invoice_lines`
BEGIN
  SELECT RAISE(ABORT, 'invoice_immutable');
END;
--> statement-breakpoint
CREATE TRIGGER `invoice_lines_no_delete` BEFORE DELETE ON `invoice_lines`
BEGIN
  SELECT RAISE(ABORT, 'invoice_immutable');
END;
--> statement-breakpoint
CREATE TRIGGER `day_closes_no_change` BEFORE UPDATE ON `day_closes`
BEGIN
  SELECT RAISE(ABORT, 'day_closed');
END;
--> statement-breakpoint
CREATE TRIGGER `day_closes_no_delete` BEFORE DELETE ON `day_closes`
BEGIN
  SELECT RAISE(ABORT, 'day_closed');
END;
