-- The outlets' documents in the staff's invoices list (docs/decisions/090-outlets.md, "In the
-- invoices list"): a check paid at an outlet is a tax invoice (series OUT) and its void's credit
-- note (series OCN) a document too, kept in their rows' JSON with their issue date. The list pages
-- newest first along the issue date as it does the desk's invoices (invoices_issue_date_idx), so
-- each table gets the same index on its documents' issue date (only the rows that are documents).
CREATE INDEX `outlet_checks_invoice_date_idx` ON `outlet_checks` (json_extract(`invoice`, '$.issueDate'),`id`) WHERE "outlet_checks"."invoice_sequence" is not null;
--> statement-breakpoint
CREATE INDEX `outlet_check_voids_credit_note_date_idx` ON `outlet_check_voids` (json_extract(`credit_note`, '$.issueDate'),`check_id`) WHERE "outlet_check_voids"."credit_note_sequence" is not null;
--> statement-breakpoint
-- And (docs/decisions/088-conversations.md, amended): a thread the hotel's own messages started (the
-- automatic WhatsApp sends) waits for the guest, not the desk: it is made done, and opens when the
-- guest writes. The threads made open before, with no message from the guest, are made done here.
UPDATE `conversation_threads` SET `status` = 'done'
WHERE `status` = 'open' AND `last_guest_message_at` IS NULL AND `unread_staff` = 0
  AND NOT EXISTS (SELECT 1 FROM `conversation_messages` m WHERE m.`thread_id` = `conversation_threads`.`id` AND m.`direction` = 'in');
