-- What every booking carries of the trade (docs/decisions/077-companies-and-travel-agents.md):
-- how it came (`source`) and its market segment, for the rows made before the insert paths set
-- them. A channel booking keeps its OTA's name; a booking of the hotel's own made through the
-- assistant is 'assistant', one staff made 'phone' (the desk's default), any other 'website'.
-- The segment: 'ota' for a channel booking, 'corporate' for a company's, 'group' for a block's
-- member, else 'leisure'. Only empty values are filled: nothing staff set is overwritten.
UPDATE `booking_submissions` SET `source` = CASE
    WHEN `group_id` IS NOT NULL THEN 'group'
    WHEN `chat_session_id` IS NOT NULL THEN 'assistant'
    WHEN `created_by_staff_id` IS NOT NULL THEN 'phone'
    ELSE 'website' END
  WHERE `source` IS NULL AND `channel_booking_id` IS NULL;
--> statement-breakpoint
UPDATE `booking_submissions` SET `segment` = CASE
    WHEN `channel_booking_id` IS NOT NULL THEN 'ota'
    WHEN `group_id` IS NOT NULL THEN 'group'
    WHEN `company_id` IS NOT NULL THEN 'corporate'
    ELSE 'leisure' END
  WHERE `segment` IS NULL;
