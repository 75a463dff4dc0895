-- Several hotels on one deployment (docs/decisions/103-several-hotels.md): what a hotel tells the
-- chain's database, and the keys of the points moved between hotels.
--
-- (1) The chain's outbox: a row per change the chain must hear of, written by triggers in the batch
-- of the change itself (an account made, verified, renamed, given a role, disabled, its password
-- changed or the account erased; a day closed), so no code path can forget it. A row names what
-- changed; the push (modules/chain) reads its current state and deletes the row once the chain
-- has it. Repeats of the same change are harmless: the push writes the latest state. A guest's
-- erasure writes ('erased', their e-mail) in its own batch: the chain's account and its mirrors at
-- the other hotels go with it.
CREATE TABLE `chain_outbox` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `kind` text NOT NULL,
  `ref` text NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "chain_outbox_kind_check" CHECK (`kind` IN ('account', 'erased', 'closed_day'))
);
--> statement-breakpoint
CREATE TRIGGER `chain_outbox_user_insert` AFTER INSERT ON `users`
BEGIN
  INSERT INTO `chain_outbox` (`kind`, `ref`) VALUES ('account', NEW.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `chain_outbox_user_update` AFTER UPDATE OF `full_name`, `email`, `password_hash`, `role`, `is_verified`, `is_disabled`, `google_sub` ON `users`
BEGIN
  INSERT INTO `chain_outbox` (`kind`, `ref`) VALUES ('account', NEW.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `chain_outbox_user_delete` AFTER DELETE ON `users`
BEGIN
  INSERT INTO `chain_outbox` (`kind`, `ref`) VALUES ('account', OLD.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `chain_outbox_day_close` AFTER INSERT ON `day_closes`
BEGIN
  INSERT INTO `chain_outbox` (`kind`, `ref`) VALUES ('closed_day', NEW.`date`);
END;
--> statement-breakpoint
-- (2) The points moved between two hotels of the chain: each side's ledger line is written in a
-- batch with its key here, so a step of the move retried writes nothing twice, and the spending
-- hotel's key decides whether a move left in the middle arrived ('in') or never will ('void').
CREATE TABLE `chain_transfer_keys` (
  `key` text PRIMARY KEY NOT NULL,
  `state` text NOT NULL,
  `points` integer NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "chain_transfer_keys_state_check" CHECK (`state` IN ('out', 'in', 'back', 'void'))
);
--> statement-breakpoint
-- (3) The version of the chain's account each mirror was last written from: a mirror is brought up
-- to date from the chain only when the chain's account has changed since (a password reset at
-- another hotel), never over a change of this hotel's not yet pushed.
CREATE TABLE `chain_account_versions` (
  `email` text PRIMARY KEY NOT NULL,
  `version` integer NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
