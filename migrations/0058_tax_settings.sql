-- The hotel's taxes and the supplier's details for its tax invoices (docs/decisions/066-taxes.md).
-- `tax_settings` is one row: whether prices include taxes (yes: the spec's prices are what guests
-- pay) and the supplier's legal name, address, VAT number and commercial registration. `taxes`
-- holds each tax with the date its rate starts (a new rate is a new row; a line takes the rate in
-- force on its business date): Oman's tourism levy (4% on room, breakfast and restaurant), VAT (5%
-- on everything, on the amount including the levy) and a municipality fee left off until set.
CREATE TABLE `tax_settings` (
  `id` integer PRIMARY KEY NOT NULL,
  `prices_include_taxes` integer DEFAULT true NOT NULL,
  `supplier_name_ar` text DEFAULT '' NOT NULL,
  `supplier_name_en` text DEFAULT '' NOT NULL,
  `supplier_address_ar` text DEFAULT '' NOT NULL,
  `supplier_address_en` text DEFAULT '' NOT NULL,
  `vat_number` text DEFAULT '' NOT NULL,
  `commercial_registration` text DEFAULT '' NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "tax_settings_single_check" CHECK (`id` = 1)
);
--> statement-breakpoint
INSERT INTO `tax_settings` (`id`) VALUES (1);
--> statement-breakpoint
CREATE TABLE `taxes` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `code` text NOT NULL,
  `name_ar` text NOT NULL,
  `name_en` text NOT NULL,
  `rate_bp` integer NOT NULL,
  `departments` text NOT NULL,
  `on_earlier_taxes` integer DEFAULT false NOT NULL,
  `active` integer DEFAULT true NOT NULL,
  `effective_from` text NOT NULL,
  `sort_order` integer DEFAULT 0 NOT NULL,
  CONSTRAINT "taxes_rate_check" CHECK (`rate_bp` BETWEEN 0 AND 10000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `taxes_code_effective_from_idx` ON `taxes` (`code`, `effective_from`);
--> statement-breakpoint
INSERT INTO `taxes` (`code`, `name_ar`, `name_en`, `rate_bp`, `departments`, `on_earlier_taxes`, `active`, `effective_from`, `sort_order`) VALUES
  ('tourism_levy', 'رسم السياحة', 'Tourism levy', 400, '["room","breakfast","restaurant"]', 0, 1, '2021-01-01', 1),
  ('municipality_fee', 'رسم البلدية', 'Municipality fee', 0, '["room"]', 0, 0, '2021-01-01', 2),
  ('vat', 'ضريبة القيمة المضافة', 'VAT', 500, '["room","breakfast","restaurant","minibar","spa","laundry","transfer","late_checkout","other"]', 1, 1, '2021-04-16', 3);
