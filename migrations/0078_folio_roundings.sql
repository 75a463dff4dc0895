-- A document's rounding, booked on its folio (docs/decisions/068-invoices.md, "One truth").
--
-- A tax invoice or credit note copies its folio lines as they are, and each of its taxes is computed
-- once on the document's base (EN 16931 BR-CO-17): what that one rounding moves (a baisa of net to
-- a tax, or between two taxes, and the payable rounding no whole-baisa net reaches) is a line of its
-- own on the document and, in the document's batch, a row here: the folio's, dated the open business
-- date, so the folio, the day close and the tax report sum to the documents. One row per document
-- and set of taxes (department of its largest line): `net_baisa` and each tax's amount as the
-- folio keeps them (a credit note's negated, as its corrections are), `rounding_baisa` the payable
-- rounding; the amount is always 0 (net + taxes + rounding = 0): it moves no balance.
--
-- A row is not a folio line: `folio_lines` holds only lines with an amount (its CHECKs), and a
-- rebuild of that table to allow one of 0 would have to carry its eleven triggers by hand. The
-- rows keep the folio's rules: never changed or deleted, never dated a closed day, on the folio
-- of their document.
CREATE TABLE `folio_roundings` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `invoice_id` integer NOT NULL REFERENCES `invoices`(`id`),
  `booking_id` integer NOT NULL REFERENCES `booking_submissions`(`id`),
  `group_id` integer REFERENCES `group_blocks`(`id`),
  `department` text NOT NULL,
  `net_baisa` integer NOT NULL,
  `taxes` text DEFAULT '[]' NOT NULL,
  `rounding_baisa` integer DEFAULT 0 NOT NULL,
  `business_date` text NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `folio_roundings_invoice_idx` ON `folio_roundings` (`invoice_id`);
--> statement-breakpoint
CREATE INDEX `folio_roundings_booking_idx` ON `folio_roundings` (`booking_id`, `id`);
--> statement-breakpoint
CREATE INDEX `folio_roundings_group_idx` ON `folio_roundings` (`group_id`, `id`) WHERE `group_id` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `folio_roundings_business_date_idx` ON `folio_roundings` (`business_date`);
--> statement-breakpoint
CREATE TRIGGER `folio_roundings_no_update` BEFORE UPDATE ON `folio_roundings`
BEGIN
  SELECT RAISE(ABORT, 'folio_append_only');
END;
--> statement-breakpoint
CREATE TRIGGER `folio_roundings_no_delete` BEFORE DELETE ON `folio_roundings`
BEGIN
  SELECT RAISE(ABORT, 'folio_append_only');
END;
--> statement-breakpoint
CREATE TRIGGER `folio_roundings_day_closed` BEFORE INSERT ON `folio_roundings`
WHEN EXISTS (SELECT 1 FROM `day_closes` WHERE `date` = NEW.`business_date`)
BEGIN
  SELECT RAISE(ABORT, 'day_closed');
END;
--> statement-breakpoint
-- On its document's folio: the stay's, or the group's.
CREATE TRIGGER `folio_roundings_document` BEFORE INSERT ON `folio_roundings`
WHEN NOT EXISTS (
  SELECT 1 FROM `invoices` i WHERE i.`id` = NEW.`invoice_id` AND i.`booking_id` = NEW.`booking_id`
    AND i.`group_id` IS NEW.`group_id`
)
BEGIN
  SELECT RAISE(ABORT, 'folio_mismatch');
END;
--> statement-breakpoint
-- The documents issued before: each one's lines were split again by the document, so they differ
-- from the folio lines they copy by what its rounding moved. That difference is booked now, per
-- document and department, on the open business date (a closed day's figures never move): from
-- then on the folio, the day close and the tax report sum to every document. Idempotent: what is
-- already booked is counted.
INSERT INTO `folio_roundings` (`invoice_id`, `booking_id`, `group_id`, `department`, `net_baisa`, `taxes`,
  `rounding_baisa`, `business_date`)
WITH `figures` AS (
  -- Each line's figures, one row each (`t`): its taxes in order, then its net and its rounding
  -- (appended to its taxes: one scan of the line, D1 allows few terms in a compound SELECT).
  -- What each document says, as the folio keeps it (a credit note's negated) ...
  SELECT i.`id` AS `invoice_id`, json_extract(c.`value`, '$.department') AS `department`,
    json_extract(t.`value`, '$.f') AS `f`, json_extract(t.`value`, '$.code') AS `code`, t.`key` AS `ord`,
    (CASE i.`kind` WHEN 'credit_note' THEN -1 ELSE 1 END) * (CASE json_extract(t.`value`, '$.f')
      WHEN 'net' THEN json_extract(c.`value`, '$.netBaisa')
      WHEN 'rounding' THEN coalesce(json_extract(c.`value`, '$.roundingBaisa'), 0)
      ELSE json_extract(t.`value`, '$.amountBaisa') END) AS `v`
  FROM `invoices` i, json_each(i.`lines`) c, json_each(json_insert(json_insert(json_extract(c.`value`, '$.taxes'),
    '$[#]', json('{"f":"net"}')), '$[#]', json('{"f":"rounding"}'))) t
  -- ... less its folio lines ...
  UNION ALL
  SELECT il.`invoice_id`, f.`department`, json_extract(t.`value`, '$.f'), json_extract(t.`value`, '$.code'), t.`key`,
    -(CASE json_extract(t.`value`, '$.f') WHEN 'net' THEN f.`net_baisa` WHEN 'rounding' THEN 0
      ELSE json_extract(t.`value`, '$.amountBaisa') END)
  FROM `invoice_lines` il JOIN `folio_lines` f ON f.`id` = il.`folio_line_id`, json_each(json_insert(json_insert(f.`taxes`,
    '$[#]', json('{"f":"net"}')), '$[#]', json('{"f":"rounding"}'))) t
  -- ... less what is booked already.
  UNION ALL
  SELECT r.`invoice_id`, r.`department`, json_extract(t.`value`, '$.f'), json_extract(t.`value`, '$.code'), t.`key`,
    -(CASE json_extract(t.`value`, '$.f') WHEN 'net' THEN r.`net_baisa` WHEN 'rounding' THEN r.`rounding_baisa`
      ELSE json_extract(t.`value`, '$.amountBaisa') END)
  FROM `folio_roundings` r, json_each(json_insert(json_insert(r.`taxes`,
    '$[#]', json('{"f":"net"}')), '$[#]', json('{"f":"rounding"}'))) t
),
`differences` AS (
  SELECT `invoice_id`, `department`, `f`, `code`, min(`ord`) AS `ord`, sum(`v`) AS `v`
  FROM `figures` GROUP BY `invoice_id`, `department`, `f`, `code`
)
SELECT d.`invoice_id`, i.`booking_id`, i.`group_id`, d.`department`,
  coalesce(sum(CASE WHEN d.`f` = 'net' THEN d.`v` END), 0),
  -- Every tax of the department's lines, in their order, a difference of 0 too: the row's net is
  -- in each one's base, as the lines' are.
  (SELECT json_group_array(json_object('code', x.`code`, 'amountBaisa', x.`v`))
    FROM (SELECT `code`, `v` FROM `differences` x WHERE x.`invoice_id` = d.`invoice_id`
      AND x.`department` = d.`department` AND x.`f` IS NULL ORDER BY x.`ord`, x.`code`) x),
  coalesce(sum(CASE WHEN d.`f` = 'rounding' THEN d.`v` END), 0),
  coalesce((SELECT CASE WHEN max(`date`) >= date('now', '+4 hours') THEN date(max(`date`), '+1 day') END
    FROM `day_closes`), date('now', '+4 hours'))
FROM `differences` d JOIN `invoices` i ON i.`id` = d.`invoice_id`
GROUP BY d.`invoice_id`, d.`department`
HAVING max(abs(d.`v`)) > 0;
