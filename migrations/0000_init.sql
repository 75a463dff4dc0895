CREATE TABLE `events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`title_ar` text NOT NULL,
	`description` text NOT NULL,
	`description_ar` text NOT NULL,
	`date` text,
	`image_url` text,
	`price` integer,
	`max_capacity` integer,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `events_slug_idx` ON `events` (`slug`);--> statement-breakpoint
CREATE TABLE `offers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`room_type` text NOT NULL,
	`title` text NOT NULL,
	`title_ar` text NOT NULL,
	`description` text NOT NULL,
	`description_ar` text NOT NULL,
	`discount` integer DEFAULT 0 NOT NULL,
	`original_price` integer NOT NULL,
	`discounted_price` integer NOT NULL,
	`features` text DEFAULT '[]' NOT NULL,
	`gallery_images` text DEFAULT '[]' NOT NULL,
	`is_best_seller` integer DEFAULT false NOT NULL,
	`theme` text DEFAULT 'silver' NOT NULL,
	`valid_from` text,
	`valid_to` text,
	`is_active` integer DEFAULT true NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `offers_slug_idx` ON `offers` (`slug`);--> statement-breakpoint
CREATE TABLE `rooms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`room_type` text NOT NULL,
	`name` text NOT NULL,
	`name_ar` text NOT NULL,
	`description` text NOT NULL,
	`description_ar` text NOT NULL,
	`price_per_night` integer NOT NULL,
	`original_price` integer NOT NULL,
	`max_guests` integer DEFAULT 2 NOT NULL,
	`amenities` text DEFAULT '[]' NOT NULL,
	`image_url` text,
	`available` integer DEFAULT true NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "rooms_price_check" CHECK("rooms"."price_per_night" >= 0 and "rooms"."original_price" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rooms_room_type_idx` ON `rooms` (`room_type`);--> statement-breakpoint
CREATE TABLE `services` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`category` text NOT NULL,
	`name_ar` text NOT NULL,
	`name_en` text NOT NULL,
	`description_ar` text NOT NULL,
	`description_en` text NOT NULL,
	`distance_meters` integer,
	`walk_minutes` integer,
	`menu_images` text DEFAULT '[]' NOT NULL,
	`contact` text DEFAULT '{}' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `services_slug_idx` ON `services` (`slug`);--> statement-breakpoint
CREATE TABLE `site_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`site_name` text NOT NULL,
	`site_name_ar` text NOT NULL,
	`site_description` text NOT NULL,
	`site_description_ar` text NOT NULL,
	`contact_phone` text NOT NULL,
	`contact_email` text NOT NULL,
	`whatsapp_number` text NOT NULL,
	`address` text NOT NULL,
	`address_ar` text NOT NULL,
	`maintenance_mode` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `vip_card_types` (
	`id` text PRIMARY KEY NOT NULL,
	`name_ar` text NOT NULL,
	`name_en` text NOT NULL,
	`price` integer NOT NULL,
	`total_rooms` integer NOT NULL,
	`free_coffees` integer NOT NULL,
	`free_nights` integer NOT NULL,
	`discounts` text NOT NULL,
	`is_most_popular` integer DEFAULT false NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `chat_booking_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` text NOT NULL,
	`current_step` text DEFAULT 'room_type' NOT NULL,
	`booking_data` text DEFAULT '{}' NOT NULL,
	`is_completed` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `chat_booking_sessions_session_id_idx` ON `chat_booking_sessions` (`session_id`);--> statement-breakpoint
CREATE TABLE `chat_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` text NOT NULL,
	`message` text NOT NULL,
	`is_bot` integer DEFAULT false NOT NULL,
	`timestamp` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `chat_messages_session_id_idx` ON `chat_messages` (`session_id`,`timestamp`);--> statement-breakpoint
CREATE TABLE `custom_chat_qa` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`question` text NOT NULL,
	`answer` text NOT NULL,
	`keywords` text DEFAULT '[]' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `event_images` (
	`id` text PRIMARY KEY NOT NULL,
	`event_type` text NOT NULL,
	`submission_id` integer,
	`r2_key` text NOT NULL,
	`content_type` text NOT NULL,
	`byte_size` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `event_images_r2_key_idx` ON `event_images` (`r2_key`);--> statement-breakpoint
CREATE INDEX `event_images_submission_idx` ON `event_images` (`event_type`,`submission_id`);--> statement-breakpoint
CREATE TABLE `event_settings` (
	`event_type` text PRIMARY KEY NOT NULL,
	`is_enabled` integer DEFAULT true NOT NULL,
	`updated_by_user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`updated_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `google_review_submissions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`participant_phone` text NOT NULL,
	`submission_date` integer NOT NULL,
	`is_approved` integer,
	`admin_notes` text,
	`decided_by_user_id` integer,
	`decided_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`decided_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `google_review_submissions_participant_phone_idx` ON `google_review_submissions` (`participant_phone`);--> statement-breakpoint
CREATE TABLE `location_sharing_submissions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`participant_phone` text NOT NULL,
	`submission_date` integer NOT NULL,
	`share_count` integer DEFAULT 5 NOT NULL,
	`is_completed` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `location_sharing_submissions_participant_phone_idx` ON `location_sharing_submissions` (`participant_phone`);--> statement-breakpoint
CREATE TABLE `monthly_participations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`participant_phone` text NOT NULL,
	`event_type` text NOT NULL,
	`participation_month` text NOT NULL,
	`submission_date` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `monthly_participations_phone_event_month_idx` ON `monthly_participations` (`participant_phone`,`event_type`,`participation_month`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_phone` text NOT NULL,
	`title` text NOT NULL,
	`title_ar` text NOT NULL,
	`message` text NOT NULL,
	`message_ar` text NOT NULL,
	`type` text NOT NULL,
	`is_read` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `notifications_user_phone_idx` ON `notifications` (`user_phone`,`created_at`);--> statement-breakpoint
CREATE TABLE `photography_submissions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`participant_phone` text NOT NULL,
	`submission_date` integer NOT NULL,
	`is_approved` integer DEFAULT false NOT NULL,
	`admin_notes` text,
	`decided_by_user_id` integer,
	`decided_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`decided_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `photography_submissions_participant_phone_idx` ON `photography_submissions` (`participant_phone`);--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`name` text,
	`phone_number` text,
	`star_rating` integer NOT NULL,
	`comment` text NOT NULL,
	`service_review` text,
	`room_review` text,
	`overall_review` text,
	`is_approved` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `reviews_is_approved_idx` ON `reviews` (`is_approved`,`created_at`);--> statement-breakpoint
CREATE TABLE `booking_nights` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`night` text NOT NULL,
	`room_type` text NOT NULL,
	`bed_type` text,
	`smoking_type` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `booking_submissions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `booking_nights_booking_id_night_idx` ON `booking_nights` (`booking_id`,`night`);--> statement-breakpoint
CREATE INDEX `booking_nights_room_type_night_idx` ON `booking_nights` (`room_type`,`night`);--> statement-breakpoint
CREATE TABLE `booking_submissions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`full_name` text NOT NULL,
	`phone_number` text NOT NULL,
	`user_email` text,
	`id_number` text NOT NULL,
	`check_in_date` text NOT NULL,
	`check_out_date` text NOT NULL,
	`room_type` text NOT NULL,
	`room_number` integer,
	`bed_type` text,
	`smoking_preference` text,
	`number_of_guests` integer DEFAULT 2 NOT NULL,
	`total_price` integer,
	`extras` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`status_reason` text,
	`is_points_booking` integer DEFAULT false NOT NULL,
	`points_used` integer DEFAULT 0 NOT NULL,
	`booking_type` text,
	`payment_method` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "booking_submissions_dates_check" CHECK("booking_submissions"."check_out_date" > "booking_submissions"."check_in_date"),
	CONSTRAINT "booking_submissions_guests_check" CHECK("booking_submissions"."number_of_guests" between 1 and 4)
);
--> statement-breakpoint
CREATE INDEX `booking_submissions_user_id_idx` ON `booking_submissions` (`user_id`);--> statement-breakpoint
CREATE INDEX `booking_submissions_status_idx` ON `booking_submissions` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `booking_submissions_phone_number_idx` ON `booking_submissions` (`phone_number`);--> statement-breakpoint
CREATE TABLE `room_bed_inventory` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`room_type` text NOT NULL,
	`bed_type` text NOT NULL,
	`total_count` integer DEFAULT 0 NOT NULL,
	`max_capacity` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "room_bed_inventory_bounds_check" CHECK("room_bed_inventory"."total_count" between 0 and "room_bed_inventory"."max_capacity")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `room_bed_inventory_room_type_bed_type_idx` ON `room_bed_inventory` (`room_type`,`bed_type`);--> statement-breakpoint
CREATE TABLE `room_inventory` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`room_type` text NOT NULL,
	`total_count` integer DEFAULT 0 NOT NULL,
	`max_capacity` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "room_inventory_bounds_check" CHECK("room_inventory"."total_count" between 0 and "room_inventory"."max_capacity")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `room_inventory_room_type_idx` ON `room_inventory` (`room_type`);--> statement-breakpoint
CREATE TABLE `room_smoking_inventory` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`room_type` text NOT NULL,
	`smoking_type` text NOT NULL,
	`total_count` integer DEFAULT 0 NOT NULL,
	`max_capacity` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "room_smoking_inventory_bounds_check" CHECK("room_smoking_inventory"."total_count" between 0 and "room_smoking_inventory"."max_capacity")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `room_smoking_inventory_room_type_smoking_type_idx` ON `room_smoking_inventory` (`room_type`,`smoking_type`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_user_id` integer,
	`actor_email` text,
	`action` text NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text,
	`before` text,
	`after` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_log_created_at_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_entity_idx` ON `audit_log` (`entity_type`,`entity_id`);--> statement-breakpoint
CREATE TABLE `dev_mailbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `dev_mailbox_to_idx` ON `dev_mailbox` (`to`,`created_at`);--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`scope` text NOT NULL,
	`request_hash` text NOT NULL,
	`status_code` integer,
	`response_body` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `idempotency_keys_scope_key_idx` ON `idempotency_keys` (`scope`,`key`);--> statement-breakpoint
CREATE TABLE `service_visits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`service_name` text NOT NULL,
	`service_category` text NOT NULL,
	`ip_address` text,
	`visit_date` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `service_visits_visit_date_idx` ON `service_visits` (`visit_date`,`service_name`);--> statement-breakpoint
CREATE TABLE `site_visits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ip_address` text,
	`user_agent` text,
	`visit_date` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `site_visits_visit_date_idx` ON `site_visits` (`visit_date`);--> statement-breakpoint
CREATE TABLE `point_transactions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_email` text NOT NULL,
	`points_earned` integer NOT NULL,
	`kind` text NOT NULL,
	`reason` text NOT NULL,
	`reason_ar` text NOT NULL,
	`booking_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `booking_submissions`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `point_transactions_user_email_idx` ON `point_transactions` (`user_email`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `point_transactions_booking_id_kind_idx` ON `point_transactions` (`booking_id`,`kind`) WHERE "point_transactions"."booking_id" is not null and "point_transactions"."kind" in ('earn', 'reversal', 'redeem');--> statement-breakpoint
CREATE TABLE `user_points` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_email` text NOT NULL,
	`total_points` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "user_points_non_negative_check" CHECK("user_points"."total_points" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_points_user_email_idx` ON `user_points` (`user_email`);--> statement-breakpoint
CREATE TABLE `vip_beneficiaries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`full_name` text NOT NULL,
	`phone_number` text NOT NULL,
	`civil_id` text NOT NULL,
	`card_type` text NOT NULL,
	`start_date` text NOT NULL,
	`expiry_date` text NOT NULL,
	`coffees_used` integer DEFAULT 0 NOT NULL,
	`free_nights_used` integer DEFAULT 0 NOT NULL,
	`last_coffee_at` integer,
	`created_by_user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "vip_beneficiaries_usage_check" CHECK("vip_beneficiaries"."coffees_used" >= 0 and "vip_beneficiaries"."free_nights_used" >= 0)
);
--> statement-breakpoint
CREATE INDEX `vip_beneficiaries_phone_number_idx` ON `vip_beneficiaries` (`phone_number`);--> statement-breakpoint
CREATE TABLE `vip_usages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`beneficiary_id` integer NOT NULL,
	`kind` text NOT NULL,
	`staff_user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`beneficiary_id`) REFERENCES `vip_beneficiaries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`staff_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `vip_usages_beneficiary_id_idx` ON `vip_usages` (`beneficiary_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `email_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`purpose` text DEFAULT 'verify_email' NOT NULL,
	`code_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_codes_user_id_idx` ON `email_codes` (`user_id`,`purpose`);--> statement-breakpoint
CREATE TABLE `phone_verification_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`phone_number` text NOT NULL,
	`verification_code_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`is_used` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `phone_verification_requests_phone_number_idx` ON `phone_verification_requests` (`phone_number`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rate_limits_key_window_idx` ON `rate_limits` (`key`,`window_start`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`stats_access_until` integer,
	`user_agent` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_id_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`full_name` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text,
	`role` text DEFAULT 'guest' NOT NULL,
	`is_verified` integer DEFAULT false NOT NULL,
	`is_disabled` integer DEFAULT false NOT NULL,
	`google_sub` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "users_role_check" CHECK("users"."role" in ('guest', 'staff', 'admin'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_idx` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_google_sub_idx` ON `users` (`google_sub`);