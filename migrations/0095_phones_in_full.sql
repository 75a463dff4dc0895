-- Phones in full international form (docs/decisions/096-phone-numbers-in-full.md): every stored
-- phone becomes E.164's digits without the `+`. Before, a phone was stored as its digits with an
-- Omani number's 968 dropped (shared/src/digits.ts normalizePhone then): an 8-digit stored phone
-- is an Omani local number and gets its 968; any other was stored with its country code already
-- (typed with + or 00, or a foreign number typed in full) and stays as it is. Every table that
-- stores a guest's phone, in one migration, so no comparison sees the two forms side by side.
-- The hotel's own contact numbers (site_settings, city_ledger_accounts) are shown as typed and
-- are not guests' phones: left alone.
-- The search indexes hold the phone in full too (its digits, no longer an Omani number without
-- its 968): a part of the number finds it, with or without its country code ("9123 4567",
-- "+968 9123", "968 91"). Made first, so the updates below index the rows they change anew.
DROP TRIGGER `booking_search_insert`;--> statement-breakpoint
DROP TRIGGER `booking_search_update`;--> statement-breakpoint
DROP TRIGGER `guest_search_insert`;--> statement-breakpoint
DROP TRIGGER `guest_search_update`;--> statement-breakpoint
CREATE TRIGGER `booking_search_insert` AFTER INSERT ON `booking_submissions` BEGIN
	INSERT INTO `booking_search` (rowid, `reference`, `full_name`, `phone`, `email`, `id_number`)
	VALUES (new.id, new.reference, new.full_name, (select case when substr(d, 1, 2) = '00' then substr(d, 3) else d end from (select replace(replace(replace(replace(replace(replace(new.phone_number, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', '') as d)), trim(coalesce(new.user_email, '') || ' ' || coalesce(new.email, '')), new.id_number);
END;--> statement-breakpoint
CREATE TRIGGER `booking_search_update` AFTER UPDATE OF `reference`, `full_name`, `phone_number`, `user_email`, `email`, `id_number` ON `booking_submissions` BEGIN
	DELETE FROM `booking_search` WHERE rowid = old.id;
	INSERT INTO `booking_search` (rowid, `reference`, `full_name`, `phone`, `email`, `id_number`)
	VALUES (new.id, new.reference, new.full_name, (select case when substr(d, 1, 2) = '00' then substr(d, 3) else d end from (select replace(replace(replace(replace(replace(replace(new.phone_number, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', '') as d)), trim(coalesce(new.user_email, '') || ' ' || coalesce(new.email, '')), new.id_number);
END;--> statement-breakpoint
CREATE TRIGGER `guest_search_insert` AFTER INSERT ON `guest_profiles` BEGIN
	INSERT INTO `guest_search` (rowid, `name_key`, `phone`, `email_key`, `document_key`)
	VALUES (new.id, new.name_key, (select case when substr(d, 1, 2) = '00' then substr(d, 3) else d end from (select replace(replace(replace(replace(replace(replace(new.phone, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', '') as d)), new.email_key, new.document_key);
END;--> statement-breakpoint
CREATE TRIGGER `guest_search_update` AFTER UPDATE OF `name_key`, `phone`, `email_key`, `document_key` ON `guest_profiles` BEGIN
	DELETE FROM `guest_search` WHERE rowid = old.id;
	INSERT INTO `guest_search` (rowid, `name_key`, `phone`, `email_key`, `document_key`)
	VALUES (new.id, new.name_key, (select case when substr(d, 1, 2) = '00' then substr(d, 3) else d end from (select replace(replace(replace(replace(replace(replace(new.phone, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', '') as d)), new.email_key, new.document_key);
END;--> statement-breakpoint
UPDATE `booking_submissions` SET `phone_number` = '968' || `phone_number`
  WHERE length(`phone_number`) = 8 AND `phone_number` NOT GLOB '*[^0-9]*';--> statement-breakpoint
UPDATE `guest_profiles` SET `phone` = '968' || `phone`
  WHERE length(`phone`) = 8 AND `phone` NOT GLOB '*[^0-9]*';--> statement-breakpoint
UPDATE `conversation_threads` SET `phone` = '968' || `phone`
  WHERE length(`phone`) = 8 AND `phone` NOT GLOB '*[^0-9]*';--> statement-breakpoint
UPDATE `user_phones` SET `phone_number` = '968' || `phone_number`
  WHERE length(`phone_number`) = 8 AND `phone_number` NOT GLOB '*[^0-9]*';--> statement-breakpoint
UPDATE `phone_verification_requests` SET `phone_number` = '968' || `phone_number`
  WHERE length(`phone_number`) = 8 AND `phone_number` NOT GLOB '*[^0-9]*';--> statement-breakpoint
UPDATE `monthly_participations` SET `participant_phone` = '968' || `participant_phone`
  WHERE length(`participant_phone`) = 8 AND `participant_phone` NOT GLOB '*[^0-9]*';--> statement-breakpoint
UPDATE `photography_submissions` SET `participant_phone` = '968' || `participant_phone`
  WHERE length(`participant_phone`) = 8 AND `participant_phone` NOT GLOB '*[^0-9]*';--> statement-breakpoint
UPDATE `google_review_submissions` SET `participant_phone` = '968' || `participant_phone`
  WHERE length(`participant_phone`) = 8 AND `participant_phone` NOT GLOB '*[^0-9]*';--> statement-breakpoint
UPDATE `location_sharing_submissions` SET `participant_phone` = '968' || `participant_phone`
  WHERE length(`participant_phone`) = 8 AND `participant_phone` NOT GLOB '*[^0-9]*';--> statement-breakpoint
UPDATE `notifications` SET `user_phone` = '968' || `user_phone`
  WHERE length(`user_phone`) = 8 AND `user_phone` NOT GLOB '*[^0-9]*';--> statement-breakpoint
UPDATE `vip_beneficiaries` SET `phone_number` = '968' || `phone_number`
  WHERE length(`phone_number`) = 8 AND `phone_number` NOT GLOB '*[^0-9]*';--> statement-breakpoint
UPDATE `reviews` SET `phone_number` = '968' || `phone_number`
  WHERE length(`phone_number`) = 8 AND `phone_number` NOT GLOB '*[^0-9]*';--> statement-breakpoint
UPDATE `whatsapp_consents` SET `phone` = '968' || `phone`
  WHERE length(`phone`) = 8 AND `phone` NOT GLOB '*[^0-9]*';--> statement-breakpoint
UPDATE `whatsapp_messages` SET `phone` = '968' || `phone`
  WHERE length(`phone`) = 8 AND `phone` NOT GLOB '*[^0-9]*';--> statement-breakpoint
UPDATE `whatsapp_outbox` SET `phone` = '968' || `phone`
  WHERE length(`phone`) = 8 AND `phone` NOT GLOB '*[^0-9]*';--> statement-breakpoint
UPDATE `email_outbox` SET `recipient` = '968' || `recipient`
  WHERE `channel` = 'sms' AND length(`recipient`) = 8 AND `recipient` NOT GLOB '*[^0-9]*';--> statement-breakpoint
UPDATE `dev_messages` SET `to` = '968' || `to`
  WHERE length(`to`) = 8 AND `to` NOT GLOB '*[^0-9]*';
