-- Master billing of a group block (docs/decisions/076-group-master-billing.md): the group's folio.
--
-- Its lines are folio lines like a stay's, marked with the group (`folio_lines.group_id`): a
-- member's room night posted to the group names the member's booking (so each night of a stay is
-- still posted once, by its unique index) and the group; a payment, refund or transfer to the
-- company's account on the group folio names a member as its holder and the group. A line with a
-- group is on the group's folio and never on its booking's: the balance trigger moves the group
-- folio's balance (`group_folios`, one row per group that has a line) instead of the booking's.
-- An invoice of the group folio names the group (`invoices.group_id`) and a member as holder.
ALTER TABLE `folio_lines` ADD `group_id` integer REFERENCES `group_blocks`(`id`);
--> statement-breakpoint
ALTER TABLE `invoices` ADD `group_id` integer REFERENCES `group_blocks`(`id`);
--> statement-breakpoint
CREATE INDEX `folio_lines_group_idx` ON `folio_lines` (`group_id`, `id`) WHERE `group_id` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `invoices_group_idx` ON `invoices` (`group_id`, `id`) WHERE `group_id` IS NOT NULL;
--> statement-breakpoint
CREATE TABLE `group_folios` (
  `group_id` integer PRIMARY KEY NOT NULL REFERENCES `group_blocks`(`id`),
  `balance_baisa` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- A line on a group's folio names a member of that group, and the group bills its members' rooms.
CREATE TRIGGER `folio_lines_group_member` BEFORE INSERT ON `folio_lines`
WHEN NEW.`group_id` IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM `booking_submissions` b JOIN `group_blocks` g ON g.`id` = b.`group_id`
  WHERE b.`id` = NEW.`booking_id` AND g.`id` = NEW.`group_id` AND g.`billing` = 'master'
)
BEGIN
  SELECT RAISE(ABORT, 'group_folio_member');
END;
--> statement-breakpoint
-- A correction or a refund is on the same folio (the group's or the stay's) as the line it names.
CREATE TRIGGER `folio_lines_same_folio` BEFORE INSERT ON `folio_lines`
WHEN NEW.`kind` IN ('correction', 'refund') AND EXISTS (
  SELECT 1 FROM `folio_lines` t WHERE t.`id` = coalesce(NEW.`corrects_line_id`, NEW.`refunds_line_id`)
    AND t.`group_id` IS NOT NEW.`group_id`
)
BEGIN
  SELECT RAISE(ABORT, 'folio_mismatch');
END;
--> statement-breakpoint
-- The group folio's balance, kept by the database: never changed but by the balance trigger.
CREATE TRIGGER `group_folios_no_delete` BEFORE DELETE ON `group_folios`
BEGIN
  SELECT RAISE(ABORT, 'folio_append_only');
END;
--> statement-breakpoint
DROP TRIGGER `folio_lines_balance`;
--> statement-breakpoint
CREATE TRIGGER `folio_lines_balance` AFTER INSERT ON `folio_lines`
BEGIN
  UPDATE `booking_submissions`
  SET `folio_balance_baisa` = `folio_balance_baisa` + CASE
    WHEN NEW.`kind` IN ('payment', 'transfer') THEN -NEW.`amount_baisa`
    ELSE NEW.`amount_baisa`
  END
  WHERE NEW.`group_id` IS NULL AND `id` = NEW.`booking_id`;
  INSERT OR IGNORE INTO `group_folios` (`group_id`, `balance_baisa`)
  SELECT NEW.`group_id`, 0 WHERE NEW.`group_id` IS NOT NULL;
  UPDATE `group_folios`
  SET `balance_baisa` = `balance_baisa` + CASE
    WHEN NEW.`kind` IN ('payment', 'transfer') THEN -NEW.`amount_baisa`
    ELSE NEW.`amount_baisa`
  END
  WHERE NEW.`group_id` IS NOT NULL AND `group_id` = NEW.`group_id`;
  UPDATE `city_ledger_accounts`
  SET `balance_baisa` = `balance_baisa` + NEW.`amount_baisa`
  WHERE NEW.`kind` = 'transfer' AND `id` = NEW.`city_ledger_account_id`;
  UPDATE `city_ledger_accounts`
  SET `balance_baisa` = `balance_baisa` - NEW.`amount_baisa`
  WHERE NEW.`kind` = 'refund' AND NEW.`method` = 'city_ledger'
    AND `id` = (SELECT t.`city_ledger_account_id` FROM `folio_lines` t WHERE t.`id` = NEW.`refunds_line_id`);
END;
