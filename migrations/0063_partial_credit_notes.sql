-- Corrections that end on documents (issue 55, docs/decisions/068-invoices.md): an invoice may be
-- credited in parts (by line or by amount), so a charge may be corrected more than once and an
-- invoice may have several credit notes. The database still holds the limits a race could break:
-- a charge's corrections together never exceed it (amount and net), whatever posts them.
DROP INDEX `folio_lines_corrects_idx`;
--> statement-breakpoint
CREATE INDEX `folio_lines_corrects_idx` ON `folio_lines` (`corrects_line_id`) WHERE `corrects_line_id` IS NOT NULL;
--> statement-breakpoint
DROP TRIGGER `folio_lines_correction_target`;
--> statement-breakpoint
-- A correction reverses (part of) a charge of the same folio: never more than is left of it.
CREATE TRIGGER `folio_lines_correction_target` BEFORE INSERT ON `folio_lines`
WHEN NEW.`kind` = 'correction' AND NOT EXISTS (
  SELECT 1 FROM `folio_lines` t WHERE t.`id` = NEW.`corrects_line_id` AND t.`booking_id` = NEW.`booking_id`
    AND t.`kind` = 'charge'
)
BEGIN
  SELECT RAISE(ABORT, 'correction_target_invalid');
END;
--> statement-breakpoint
CREATE TRIGGER `folio_lines_correction_limit` BEFORE INSERT ON `folio_lines`
WHEN NEW.`kind` = 'correction' AND EXISTS (
  SELECT 1 FROM `folio_lines` t WHERE t.`id` = NEW.`corrects_line_id` AND (
    t.`amount_baisa` + NEW.`amount_baisa` + (
      SELECT coalesce(sum(c.`amount_baisa`), 0) FROM `folio_lines` c WHERE c.`corrects_line_id` = t.`id`
    ) < 0
    OR t.`net_baisa` + NEW.`net_baisa` + (
      SELECT coalesce(sum(c.`net_baisa`), 0) FROM `folio_lines` c WHERE c.`corrects_line_id` = t.`id`
    ) < 0
  )
)
BEGIN
  SELECT RAISE(ABORT, 'correction_exceeds_charge');
END;
--> statement-breakpoint
DROP INDEX `invoices_credits_idx`;
--> statement-breakpoint
CREATE INDEX `invoices_credits_idx` ON `invoices` (`credits_invoice_id`) WHERE `credits_invoice_id` IS NOT NULL;
--> statement-breakpoint
-- A completed stay's credit (after a credit note) is settled by a refund, or moved back to the
-- company account its folio went to: a refund line of that transfer (method `city_ledger`). A
-- refund is of a payment or a transfer of the same folio, and never exceeds it.
DROP TRIGGER `folio_lines_refund_target`;
--> statement-breakpoint
CREATE TRIGGER `folio_lines_refund_target` BEFORE INSERT ON `folio_lines`
WHEN NEW.`kind` = 'refund' AND NOT EXISTS (
  SELECT 1 FROM `folio_lines` p WHERE p.`id` = NEW.`refunds_line_id` AND p.`booking_id` = NEW.`booking_id`
    AND (p.`kind` = 'payment' OR (p.`kind` = 'transfer' AND NEW.`method` = 'city_ledger'))
    AND p.`amount_baisa` >= NEW.`amount_baisa` + (
      SELECT coalesce(sum(r.`amount_baisa`), 0) FROM `folio_lines` r WHERE r.`refunds_line_id` = p.`id`
    )
)
BEGIN
  SELECT RAISE(ABORT, 'refund_exceeds_payment');
END;
--> statement-breakpoint
-- The balances: as before, and a transfer's refund takes its amount off the company's account.
DROP TRIGGER `folio_lines_balance`;
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
  UPDATE `city_ledger_accounts`
  SET `balance_baisa` = `balance_baisa` - NEW.`amount_baisa`
  WHERE NEW.`kind` = 'refund' AND NEW.`method` = 'city_ledger'
    AND `id` = (SELECT t.`city_ledger_account_id` FROM `folio_lines` t WHERE t.`id` = NEW.`refunds_line_id`);
END;
