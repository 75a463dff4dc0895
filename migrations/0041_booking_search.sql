-- The desk's search (GET /api/booking-submissions?q=) finds a booking by reference, name, phone,
-- e-mail or ID number along this full-text index, not by reading every booking ever made
-- (docs/decisions/051-schema-snapshot-and-desk-search.md). The trigram tokenizer matches any
-- part of three characters or more, case-folded, Arabic included. The phone is kept in the
-- app's one form (shared/src/digits.ts normalizePhone: digits only, no leading 00, no 968
-- before a local 8-digit number); the e-mail is the account's and the one given on the form.
-- Triggers keep it in step with every insert, change (erasure and anonymisation included) and
-- delete; rowid is the booking's id.
CREATE VIRTUAL TABLE `booking_search` USING fts5(
	`reference`, `full_name`, `phone`, `email`, `id_number`, tokenize = 'trigram'
);--> statement-breakpoint
INSERT INTO `booking_search` (rowid, `reference`, `full_name`, `phone`, `email`, `id_number`)
SELECT b.id, b.reference, b.full_name, (select case when length(p) = 11 and substr(p, 1, 3) = '968' then substr(p, 4) else p end from (select case when substr(d, 1, 2) = '00' then substr(d, 3) else d end as p from (select replace(replace(replace(replace(replace(replace(b.phone_number, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', '') as d))), trim(coalesce(b.user_email, '') || ' ' || coalesce(b.email, '')), b.id_number FROM `booking_submissions` b;--> statement-breakpoint
CREATE TRIGGER `booking_search_insert` AFTER INSERT ON `booking_submissions` BEGIN
	INSERT INTO `booking_search` (rowid, `reference`, `full_name`, `phone`, `email`, `id_number`)
	VALUES (new.id, new.reference, new.full_name, (select case when length(p) = 11 and substr(p, 1, 3) = '968' then substr(p, 4) else p end from (select case when substr(d, 1, 2) = '00' then substr(d, 3) else d end as p from (select replace(replace(replace(replace(replace(replace(new.phone_number, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', '') as d))), trim(coalesce(new.user_email, '') || ' ' || coalesce(new.email, '')), new.id_number);
END;--> statement-breakpoint
CREATE TRIGGER `booking_search_update` AFTER UPDATE OF `reference`, `full_name`, `phone_number`, `user_email`, `email`, `id_number` ON `booking_submissions` BEGIN
	DELETE FROM `booking_search` WHERE rowid = old.id;
	INSERT INTO `booking_search` (rowid, `reference`, `full_name`, `phone`, `email`, `id_number`)
	VALUES (new.id, new.reference, new.full_name, (select case when length(p) = 11 and substr(p, 1, 3) = '968' then substr(p, 4) else p end from (select case when substr(d, 1, 2) = '00' then substr(d, 3) else d end as p from (select replace(replace(replace(replace(replace(replace(new.phone_number, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', '') as d))), trim(coalesce(new.user_email, '') || ' ' || coalesce(new.email, '')), new.id_number);
END;--> statement-breakpoint
CREATE TRIGGER `booking_search_delete` AFTER DELETE ON `booking_submissions` BEGIN
	DELETE FROM `booking_search` WHERE rowid = old.id;
END;
