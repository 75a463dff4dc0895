-- The books on hand name each figure by what it is (issue 67: pending website requests were
-- drawn as "held for groups"). Requests awaiting the hotel's answer get columns of their own;
-- `tentative_*` keeps only the unpicked holds of tentative group blocks. Once applied anywhere,
-- never edit this file: a later change is a new migration.
ALTER TABLE `books_on_hand` ADD COLUMN `pending_rooms` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `books_on_hand` ADD COLUMN `pending_revenue_baisa` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Closes stored before this one kept requests and tentative holds together. A hold is always
-- stored with source 'group' (and no revenue); a request never came by the group's source but as
-- a member's own change of its stay, which is rare: the rest of `tentative_*` were requests.
UPDATE `books_on_hand`
SET `pending_rooms` = `tentative_rooms`,
  `pending_revenue_baisa` = `tentative_revenue_baisa`,
  `tentative_rooms` = 0,
  `tentative_revenue_baisa` = 0
WHERE `source` <> 'group' AND (`tentative_rooms` <> 0 OR `tentative_revenue_baisa` <> 0);
