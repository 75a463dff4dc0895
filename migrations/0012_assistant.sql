-- Issue 12: the assistant. A booking conversation knows whose it is (the signed-in
-- account, if any) and carries a change token so that one "yes" creates one booking
-- however often it is sent (docs/decisions/009); a booking made in conversation names
-- its conversation, so staff can read what the guest was told.
ALTER TABLE `chat_booking_sessions` ADD `user_id` integer REFERENCES `users`(`id`) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE `chat_booking_sessions` ADD `change_token` text;
--> statement-breakpoint
ALTER TABLE `booking_submissions` ADD `chat_session_id` text;
--> statement-breakpoint
CREATE INDEX `chat_booking_sessions_updated_at_idx` ON `chat_booking_sessions` (`updated_at`);
--> statement-breakpoint
-- The daily clean-up removes messages older than 30 days by their time.
CREATE INDEX `chat_messages_timestamp_idx` ON `chat_messages` (`timestamp`);
--> statement-breakpoint
CREATE INDEX `custom_chat_qa_is_active_idx` ON `custom_chat_qa` (`is_active`);
--> statement-breakpoint
-- A Q&A entry always has a question and an answer (the admin form checks it too).
CREATE TRIGGER `custom_chat_qa_not_blank_insert` BEFORE INSERT ON `custom_chat_qa`
WHEN trim(NEW.`question`) = '' OR trim(NEW.`answer`) = ''
BEGIN SELECT RAISE(ABORT, 'qa_blank'); END;
--> statement-breakpoint
CREATE TRIGGER `custom_chat_qa_not_blank_update` BEFORE UPDATE ON `custom_chat_qa`
WHEN trim(NEW.`question`) = '' OR trim(NEW.`answer`) = ''
BEGIN SELECT RAISE(ABORT, 'qa_blank'); END;
--> statement-breakpoint
-- The admin list is polled every 30 s: a counter bumped by every write answers an
-- unchanged poll with 304 (lib/versions.ts).
INSERT INTO `change_counters` (`resource`, `version`) VALUES ('chat_qa', 0);
--> statement-breakpoint
CREATE TRIGGER `chat_qa_version_insert` AFTER INSERT ON `custom_chat_qa`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'chat_qa'; END;
--> statement-breakpoint
CREATE TRIGGER `chat_qa_version_update` AFTER UPDATE ON `custom_chat_qa`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'chat_qa'; END;
--> statement-breakpoint
CREATE TRIGGER `chat_qa_version_delete` AFTER DELETE ON `custom_chat_qa`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'chat_qa'; END;
