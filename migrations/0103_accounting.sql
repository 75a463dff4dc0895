-- The accountant's journal (docs/decisions/100-the-accountants-journal.md). The hotel maps each of
-- its categories (room revenue, each extra's department, each outlet, each tax, each payment
-- method, the guest ledger, deposits, the city ledger, commissions, rounding) to an account of its
-- chart: a row per category it set (a category without a row takes the default, Odoo's Oman chart,
-- where one fits). One settings row: the journal's code in the accounting system.
CREATE TABLE `accounting_accounts` (
	`category` text PRIMARY KEY NOT NULL,
	`account` text DEFAULT '' NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_by` integer,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `accounting_accounts_updated_by_idx` ON `accounting_accounts` (`updated_by`) WHERE "accounting_accounts"."updated_by" is not null;
--> statement-breakpoint
CREATE TABLE `accounting_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`journal_code` text DEFAULT 'MISC' NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "accounting_settings_single_check" CHECK("accounting_settings"."id" = 1)
);
--> statement-breakpoint
-- A closed business date's journal, by category, as it was made right after the close (or at its
-- first read): kept so the closed day's journal never changes, whatever changes later (a travel
-- agent's commission, a company's name, a stay's room type). Only a closed day has one, and a kept
-- journal is never changed or deleted.
CREATE TABLE `accounting_journals` (
	`date` text PRIMARY KEY NOT NULL,
	`journal` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER `accounting_journals_closed_only` BEFORE INSERT ON `accounting_journals`
WHEN NOT EXISTS (SELECT 1 FROM `day_closes` WHERE `date` = NEW.`date`)
BEGIN
  SELECT RAISE(ABORT, 'accounting_day_open');
END;
--> statement-breakpoint
CREATE TRIGGER `accounting_journals_no_update` BEFORE UPDATE ON `accounting_journals`
BEGIN
  SELECT RAISE(ABORT, 'accounting_journal_kept');
END;
--> statement-breakpoint
CREATE TRIGGER `accounting_journals_no_delete` BEFORE DELETE ON `accounting_journals`
BEGIN
  SELECT RAISE(ABORT, 'accounting_journal_kept');
END;
