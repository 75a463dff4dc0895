-- The staff's guest search (GET /api/admin/guests?q=) finds a profile by any part of its name,
-- phone, e-mail or document number along this full-text index, as the desk's search does for
-- bookings (0041_booking_search.sql): a receptionist typing a family name ("Harthy", "الحارثي")
-- finds "Salim Al Harthy" / "سالم الحارثي". The trigram tokenizer matches any part of three
-- characters or more, case-folded, Arabic included. The columns are the profile's search keys
-- (0050_guest_profiles.sql: the name with the Arabic alef forms, taa marbuta and alef maqsura
-- folded, the e-mail lower-cased, the document number without spaces or dashes) and its phone in
-- the app's one form (shared/src/digits.ts normalizePhone). Triggers keep it in step with every
-- insert, change and delete of a profile (a merge, an erasure, the registration retention);
-- rowid is the profile's id.
CREATE VIRTUAL TABLE `guest_search` USING fts5(
	`name_key`, `phone`, `email_key`, `document_key`, tokenize = 'trigram'
);--> statement-breakpoint
INSERT INTO `guest_search` (rowid, `name_key`, `phone`, `email_key`, `document_key`)
SELECT p.id, p.name_key, (select case when length(x) = 11 and substr(x, 1, 3) = '968' then substr(x, 4) else x end from (select case when substr(d, 1, 2) = '00' then substr(d, 3) else d end as x from (select replace(replace(replace(replace(replace(replace(p.phone, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', '') as d))), p.email_key, p.document_key FROM `guest_profiles` p;--> statement-breakpoint
CREATE TRIGGER `guest_search_insert` AFTER INSERT ON `guest_profiles` BEGIN
	INSERT INTO `guest_search` (rowid, `name_key`, `phone`, `email_key`, `document_key`)
	VALUES (new.id, new.name_key, (select case when length(x) = 11 and substr(x, 1, 3) = '968' then substr(x, 4) else x end from (select case when substr(d, 1, 2) = '00' then substr(d, 3) else d end as x from (select replace(replace(replace(replace(replace(replace(new.phone, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', '') as d))), new.email_key, new.document_key);
END;--> statement-breakpoint
CREATE TRIGGER `guest_search_update` AFTER UPDATE OF `name_key`, `phone`, `email_key`, `document_key` ON `guest_profiles` BEGIN
	DELETE FROM `guest_search` WHERE rowid = old.id;
	INSERT INTO `guest_search` (rowid, `name_key`, `phone`, `email_key`, `document_key`)
	VALUES (new.id, new.name_key, (select case when length(x) = 11 and substr(x, 1, 3) = '968' then substr(x, 4) else x end from (select case when substr(d, 1, 2) = '00' then substr(d, 3) else d end as x from (select replace(replace(replace(replace(replace(replace(new.phone, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', '') as d))), new.email_key, new.document_key);
END;--> statement-breakpoint
CREATE TRIGGER `guest_search_delete` AFTER DELETE ON `guest_profiles` BEGIN
	DELETE FROM `guest_search` WHERE rowid = old.id;
END;
