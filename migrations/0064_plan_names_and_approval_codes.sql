-- Issue 55. A second active rate plan with the same name is refused: the names are compared per
-- language without case or spaces (the worker saves them trimmed, runs of spaces as one), and
-- the index holds it when two admins create or switch on plans at once
-- (modules/rates/plans-admin.ts answers 409 `rate_plan_name_taken`). A retired plan keeps its
-- name; switching it on again is refused while an active plan has it.
CREATE UNIQUE INDEX `rate_plans_active_name_ar_idx` ON `rate_plans` (lower(replace(`name_ar`, ' ', '')))
  WHERE `active` = 1;
--> statement-breakpoint
CREATE UNIQUE INDEX `rate_plans_active_name_en_idx` ON `rate_plans` (lower(replace(`name_en`, ' ', '')))
  WHERE `active` = 1;
--> statement-breakpoint
-- A card payment taken at the desk keeps the card terminal's approval code (short, letters and
-- digits, as printed on the terminal's slip), shown on the folio and on the invoice's payments.
-- Folio lines stay append-only: the code is written with its line and never changed.
ALTER TABLE `folio_lines` ADD `approval_code` text;
