-- Plan standard's free-cancellation hours ARE the site's free-cancellation hours (decision
-- 064): whichever is changed (PUT /api/admin/site-settings, PATCH
-- /api/admin/rate-plans/standard), the other follows in the same statement, so the two can never
-- disagree, whatever writes them. Each trigger writes only when the value differs, so the pair
-- stops after one step even with recursive triggers on.
CREATE TRIGGER `standard_hours_from_site_settings_insert` AFTER INSERT ON `site_settings`
BEGIN
  UPDATE `rate_plans`
  SET `cancellation` = json_object('kind', 'free_until', 'hours', NEW.`free_cancellation_hours`),
    `updated_at` = cast(unixepoch('subsec') * 1000 as integer)
  WHERE `code` = 'standard'
    AND `cancellation` IS NOT json_object('kind', 'free_until', 'hours', NEW.`free_cancellation_hours`);
END;
--> statement-breakpoint
CREATE TRIGGER `standard_hours_from_site_settings_update` AFTER UPDATE OF `free_cancellation_hours` ON `site_settings`
WHEN NEW.`free_cancellation_hours` IS NOT OLD.`free_cancellation_hours`
BEGIN
  UPDATE `rate_plans`
  SET `cancellation` = json_object('kind', 'free_until', 'hours', NEW.`free_cancellation_hours`),
    `updated_at` = cast(unixepoch('subsec') * 1000 as integer)
  WHERE `code` = 'standard'
    AND `cancellation` IS NOT json_object('kind', 'free_until', 'hours', NEW.`free_cancellation_hours`);
END;
--> statement-breakpoint
CREATE TRIGGER `site_hours_from_standard` AFTER UPDATE OF `cancellation` ON `rate_plans`
WHEN NEW.`code` = 'standard' AND json_extract(NEW.`cancellation`, '$.kind') = 'free_until'
BEGIN
  UPDATE `site_settings`
  SET `free_cancellation_hours` = json_extract(NEW.`cancellation`, '$.hours')
  WHERE `free_cancellation_hours` IS NOT json_extract(NEW.`cancellation`, '$.hours');
END;
