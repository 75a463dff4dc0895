-- WhatsApp templates as Meta's WhatsApp Manager holds them (docs/decisions/089-whatsapp-cloud-api.md,
-- "Templates as Meta makes them"): any of Meta's language codes (`en_US`, `en_GB`, not only `ar`
-- and `en`; the app's language is the part before `_`), the parameter format (POSITIONAL or
-- NAMED), the components as read (header, body, footer, buttons) and the fields a sender fills
-- (header and body variables, a media header's link, URL buttons' variables), in send order.
-- SQLite changes a CHECK only by rebuilding the table; nothing points at it.
CREATE TABLE `whatsapp_templates_new` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `name` text NOT NULL,
  `language` text NOT NULL,
  `category` text NOT NULL,
  `body` text NOT NULL,
  `parameter_count` integer NOT NULL,
  `status` text NOT NULL,
  `purpose` text,
  `provider_id` text,
  `refreshed_at` integer,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `parameter_format` text DEFAULT 'POSITIONAL' NOT NULL,
  `components` text DEFAULT '[]' NOT NULL,
  `fields` text DEFAULT '[]' NOT NULL,
  CONSTRAINT "whatsapp_templates_language_check" CHECK(substr(`language`, 1, 2) in ('ar', 'en')),
  CONSTRAINT "whatsapp_templates_parameter_format_check" CHECK(`parameter_format` in ('POSITIONAL', 'NAMED'))
);
--> statement-breakpoint
INSERT INTO `whatsapp_templates_new` (`id`, `name`, `language`, `category`, `body`, `parameter_count`, `status`, `purpose`, `provider_id`, `refreshed_at`, `created_at`, `updated_at`, `components`, `fields`)
SELECT `id`, `name`, `language`, `category`, `body`, `parameter_count`, `status`, `purpose`, `provider_id`,
  -- Read again at the next send: the components were not kept before.
  NULL, `created_at`, `updated_at`,
  json_array(json_object('type', 'BODY', 'text', `body`)),
  (SELECT coalesce(json_group_array(json_object('key', 'body.' || n.value, 'component', 'body', 'name', cast(n.value AS text), 'kind', 'text')), '[]')
     FROM json_each((WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < `parameter_count`) SELECT json_group_array(i) FROM k WHERE i <= `parameter_count`)) n)
FROM `whatsapp_templates`;
--> statement-breakpoint
DROP TABLE `whatsapp_templates`;
--> statement-breakpoint
ALTER TABLE `whatsapp_templates_new` RENAME TO `whatsapp_templates`;
--> statement-breakpoint
CREATE UNIQUE INDEX `whatsapp_templates_name_language_idx` ON `whatsapp_templates` (`name`,`language`);
--> statement-breakpoint
-- The fake's templates a test made (development only): the definition as it was created.
ALTER TABLE `fake_whatsapp_template_states` ADD `definition` text;
