-- Booking revisions applied in the order the channel manager made them, not the order they
-- arrive: `revised_at` is the revision's own time (Channex's `inserted_at`, ms; null when the
-- provider gave none). A `modified` revision older than one already applied to the same channel
-- booking (applied or kept flagged: any outcome but 'ignored') would put back a stay the OTA
-- has since changed: the trigger refuses its row, so the batch that would apply it changes
-- nothing, and the channel module records it 'ignored' (still acknowledged). The index finds a
-- channel booking's revisions by their time.
ALTER TABLE `channel_revisions` ADD `revised_at` integer;
--> statement-breakpoint
CREATE INDEX `channel_revisions_channel_booking_idx` ON `channel_revisions` (`channel_booking_id`, `revised_at`);
--> statement-breakpoint
CREATE TRIGGER `channel_revisions_in_order` BEFORE INSERT ON `channel_revisions`
WHEN NEW.`status` = 'modified' AND NEW.`outcome` <> 'ignored' AND NEW.`revised_at` IS NOT NULL AND EXISTS (
  SELECT 1 FROM `channel_revisions` r
  WHERE r.`channel_booking_id` = NEW.`channel_booking_id` AND r.`revised_at` > NEW.`revised_at`
    AND r.`outcome` <> 'ignored'
)
BEGIN
  SELECT RAISE(ABORT, 'channel_revision_older');
END;
