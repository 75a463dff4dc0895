-- Why this change: Meta may deliver two copies of one webhook at the same time. Each message is
-- kept once by its wamid (the unique index), but what follows from it (the staff's Web Push, the
-- live inbox's event, an opt-out's consent and acknowledgement) ran in both copies' batches. The
-- request whose insert kept the message stamps it with a fresh token, `receipt`; every statement
-- that follows from the message in that batch runs only where its own token is on the row
-- (modules/whatsapp/inbound.ts), so the copy that kept nothing does nothing.
ALTER TABLE `whatsapp_messages` ADD COLUMN `receipt` text;
