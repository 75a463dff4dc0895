-- The chain's own database (binding CHAIN_DB; docs/decisions/103-several-hotels.md): what belongs to
-- the chain and to no single hotel. The hotels' databases keep their own schema (migrations/).
--
-- The registry: every hotel of the chain, the D1 binding its database is reached by, the R2 prefix
-- of its files, the host names that choose it, and its own settings over the worker's.
CREATE TABLE `hotels` (
  `code` text PRIMARY KEY NOT NULL,
  `name_ar` text NOT NULL,
  `name_en` text NOT NULL,
  `city_ar` text DEFAULT '' NOT NULL,
  `city_en` text DEFAULT '' NOT NULL,
  `photo` text,
  `hosts` text DEFAULT '[]' NOT NULL,
  `binding` text NOT NULL,
  `r2_prefix` text NOT NULL,
  `settings` text DEFAULT '{}' NOT NULL,
  `sort_order` integer DEFAULT 0 NOT NULL,
  `active` integer DEFAULT 1 NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "hotels_code_check" CHECK (`code` GLOB '[a-z][a-z0-9-]*' AND length(`code`) BETWEEN 2 AND 32),
  CONSTRAINT "hotels_binding_check" CHECK (`binding` GLOB '[A-Z][A-Z0-9_]*')
);
--> statement-breakpoint
CREATE UNIQUE INDEX `hotels_binding_idx` ON `hotels` (`binding`);
--> statement-breakpoint
-- Each hotel's migrations as `npm run db:migrate` last left them: one row per hotel.
CREATE TABLE `hotel_migrations` (
  `hotel` text PRIMARY KEY NOT NULL REFERENCES `hotels`(`code`) ON DELETE CASCADE,
  `state` text NOT NULL,
  `last_migration` text,
  `failed_migration` text,
  `error` text,
  `applied` integer DEFAULT 0 NOT NULL,
  `at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "hotel_migrations_state_check" CHECK (`state` IN ('migrated', 'failed'))
);
--> statement-breakpoint
-- One account per e-mail for the whole chain: each hotel keeps a mirror of it in its own `users`.
CREATE TABLE `accounts` (
  `id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  `email` text NOT NULL,
  `full_name` text NOT NULL,
  `password_hash` text,
  `google_sub` text,
  `is_verified` integer DEFAULT 0 NOT NULL,
  `is_disabled` integer DEFAULT 0 NOT NULL,
  `source_hotel` text,
  `version` integer DEFAULT 1 NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `accounts_email_idx` ON `accounts` (`email`);
--> statement-breakpoint
-- The guest identity index: the hotels an account is known at, its id and role there, its name and
-- phone there (the desk's search across hotels reads this, never a hotel's database).
CREATE TABLE `account_hotels` (
  `account_id` integer NOT NULL REFERENCES `accounts`(`id`) ON DELETE CASCADE,
  `hotel` text NOT NULL REFERENCES `hotels`(`code`) ON DELETE CASCADE,
  `local_user_id` integer NOT NULL,
  `role` text NOT NULL,
  `email` text NOT NULL,
  `full_name` text NOT NULL,
  `phone` text,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  PRIMARY KEY (`account_id`, `hotel`)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `account_hotels_local_idx` ON `account_hotels` (`hotel`, `local_user_id`);
--> statement-breakpoint
CREATE INDEX `account_hotels_email_idx` ON `account_hotels` (`email`);
--> statement-breakpoint
CREATE INDEX `account_hotels_name_idx` ON `account_hotels` (`full_name`);
--> statement-breakpoint
-- Roles of the chain itself (the chain manager reads the chain's reports), by e-mail.
CREATE TABLE `chain_roles` (
  `email` text PRIMARY KEY NOT NULL,
  `role` text NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "chain_roles_role_check" CHECK (`role` IN ('chain_manager'))
);
--> statement-breakpoint
-- One-time tokens that carry a signed-in account to another hotel (its SHA-256 only).
CREATE TABLE `handoffs` (
  `token_hash` text PRIMARY KEY NOT NULL,
  `email` text NOT NULL,
  `from_hotel` text NOT NULL,
  `hotel` text NOT NULL,
  `next` text NOT NULL,
  `expires_at` integer NOT NULL,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `handoffs_expires_at_idx` ON `handoffs` (`expires_at`);
--> statement-breakpoint
-- The loyalty ledger's movements between hotels: points moved from where they were earned to where
-- they are spent, each a two-step with its state (started -> done, or reversed).
CREATE TABLE `point_transfers` (
  `key` text PRIMARY KEY NOT NULL,
  `email` text NOT NULL,
  `from_hotel` text NOT NULL REFERENCES `hotels`(`code`),
  `to_hotel` text NOT NULL REFERENCES `hotels`(`code`),
  `points` integer NOT NULL,
  `state` text DEFAULT 'started' NOT NULL,
  `error` text,
  `created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  `updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  CONSTRAINT "point_transfers_points_check" CHECK (`points` > 0),
  CONSTRAINT "point_transfers_hotels_check" CHECK (`from_hotel` <> `to_hotel`),
  CONSTRAINT "point_transfers_state_check" CHECK (`state` IN ('started', 'done', 'reversed'))
);
--> statement-breakpoint
CREATE INDEX `point_transfers_open_idx` ON `point_transfers` (`created_at`) WHERE `state` = 'started';
--> statement-breakpoint
CREATE INDEX `point_transfers_email_idx` ON `point_transfers` (`email`, `created_at`);
--> statement-breakpoint
-- Each hotel's closed days as its day close stored them, pushed once (a closed day never changes).
CREATE TABLE `closed_days` (
  `hotel` text NOT NULL REFERENCES `hotels`(`code`) ON DELETE CASCADE,
  `date` text NOT NULL,
  `report` text NOT NULL,
  `closed_at` integer NOT NULL,
  `pushed_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
  PRIMARY KEY (`hotel`, `date`)
);
--> statement-breakpoint
CREATE INDEX `closed_days_date_idx` ON `closed_days` (`date`);
