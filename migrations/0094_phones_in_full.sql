-- Phones in full international form (docs/decisions/096-phone-numbers-in-full.md): every stored
-- phone becomes E.164's digits without the `+`. Before, a phone was stored as its digits with an
-- Omani number's 968 dropped (shared/src/digits.ts normalizePhone then): an 8-digit stored phone
-- is an Omani local number and gets its 968; any other was stored with its country code already
-- (typed with + or 00, or a foreign number typed in full) and stays as it is. Every table that
-- stores a guest's phone, in one migration, so no comparison sees the two forms side by side.
-- The hotel's own contact numbers (site_settings, city_ledger_accounts) are shown as typed and
-- are not guests' phones: left alone.
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
