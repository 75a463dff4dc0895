-- Visits (issues 13 and 15; DESIGN.md "Visits"): one row per device per day, keyed by the
-- salted daily hash of address and user agent (worker/src/lib/visitor-hash.ts); the raw
-- address and user agent columns are never written. The unique indexes make the count
-- idempotent: the worker writes with INSERT ... ON CONFLICT DO NOTHING, one statement, and the
-- dashboard counts per day and month from the same indexes.
ALTER TABLE `site_visits` ADD `visitor_hash` text;
--> statement-breakpoint
CREATE UNIQUE INDEX `site_visits_visit_date_visitor_hash_idx` ON `site_visits` (`visit_date`,`visitor_hash`);
--> statement-breakpoint
ALTER TABLE `service_visits` ADD `visitor_hash` text;
--> statement-breakpoint
CREATE UNIQUE INDEX `service_visits_visit_date_service_name_visitor_hash_idx` ON `service_visits` (`visit_date`,`service_name`,`visitor_hash`);
