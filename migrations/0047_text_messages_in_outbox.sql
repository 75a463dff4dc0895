-- A booking whose guest gave no e-mail address (made signed out, by phone at the desk, through the
-- assistant) is told by a text message to its phone instead: its reference and the link to manage
-- it when it arrives, then the hotel's decision. Those messages wait in the same outbox as the
-- e-mails, claimed and retried the same way; `channel` says which way a row goes.
ALTER TABLE `email_outbox` ADD `channel` text DEFAULT 'email' NOT NULL
  CONSTRAINT "email_outbox_channel_check" CHECK (`channel` in ('email', 'sms'));
