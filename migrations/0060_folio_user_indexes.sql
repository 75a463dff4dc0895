-- Deleting an account row makes the database look up every column that refers to it (the foreign
-- keys' ON DELETE SET NULL): the staff member who posted a folio line, recorded a company's
-- payment or issued an invoice. Without these, erasing any account read the whole folio and the
-- companies' payments (docs/decisions/069-day-close.md). Only staff-made rows carry them.
CREATE INDEX `folio_lines_created_by_idx` ON `folio_lines` (`created_by`) WHERE `created_by` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `city_ledger_payments_created_by_idx` ON `city_ledger_payments` (`created_by`) WHERE `created_by` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `invoices_issued_by_idx` ON `invoices` (`issued_by`) WHERE `issued_by` IS NOT NULL;
