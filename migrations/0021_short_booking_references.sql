-- Booking references a guest can say on the phone (issue 28, shared/src/booking-reference.ts):
-- 7 characters from 23456789ABCDEFGHJKMNPQRSTUVWXYZ (no 0/O, no 1/I/L), random. Bookings made
-- before this had 16 base64url characters ("TFP5j_9_f_SOTSqY"); each gets a new random one.
--
-- One character is substr(alphabet, 1 + r % 31, 1) with r = random() made non-negative
-- ((r % 31 + 31) % 31; abs() would fail on the one 64-bit value it cannot negate).
-- The unique index is dropped while the new references are drawn, the rare clashes are drawn
-- again (three passes: each leaves a clash with a chance of about n / 27 billion), and the
-- index is made again: should a clash remain, the migration fails rather than keep it.
DROP INDEX `booking_submissions_reference_idx`;
--> statement-breakpoint
UPDATE `booking_submissions` SET `reference` = substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + (random() % 31 + 31) % 31, 1) || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + (random() % 31 + 31) % 31, 1) || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + (random() % 31 + 31) % 31, 1) || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + (random() % 31 + 31) % 31, 1) || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + (random() % 31 + 31) % 31, 1) || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + (random() % 31 + 31) % 31, 1) || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + (random() % 31 + 31) % 31, 1);
--> statement-breakpoint
UPDATE `booking_submissions` SET `reference` = substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + (random() % 31 + 31) % 31, 1) || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + (random() % 31 + 31) % 31, 1) || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + (random() % 31 + 31) % 31, 1) || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + (random() % 31 + 31) % 31, 1) || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + (random() % 31 + 31) % 31, 1) || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + (random() % 31 + 31) % 31, 1) || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + (random() % 31 + 31) % 31, 1)
WHERE EXISTS (SELECT 1 FROM `booking_submissions` AS `o` WHERE `o`.`reference` = `booking_submissions`.`reference` AND `o`.`id` < `booking_submissions`.`id`);
--> statement-breakpoint
UPDATE `booking_submissions` SET `reference` = substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + (random() % 31 + 31) % 31, 1) || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + (random() % 31 + 31) % 31, 1) || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + (random() % 31 + 31) % 31, 1) || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + (random() % 31 + 31) % 31, 1) || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + (random() % 31 + 31) % 31, 1) || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + (random() % 31 + 31) % 31, 1) || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + (random() % 31 + 31) % 31, 1)
WHERE EXISTS (SELECT 1 FROM `booking_submissions` AS `o` WHERE `o`.`reference` = `booking_submissions`.`reference` AND `o`.`id` < `booking_submissions`.`id`);
--> statement-breakpoint
UPDATE `booking_submissions` SET `reference` = substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + (random() % 31 + 31) % 31, 1) || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + (random() % 31 + 31) % 31, 1) || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + (random() % 31 + 31) % 31, 1) || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + (random() % 31 + 31) % 31, 1) || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + (random() % 31 + 31) % 31, 1) || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + (random() % 31 + 31) % 31, 1) || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + (random() % 31 + 31) % 31, 1)
WHERE EXISTS (SELECT 1 FROM `booking_submissions` AS `o` WHERE `o`.`reference` = `booking_submissions`.`reference` AND `o`.`id` < `booking_submissions`.`id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `booking_submissions_reference_idx` ON `booking_submissions` (`reference`);
--> statement-breakpoint
-- A booking's stored answer (an idempotency key's, replayed to a retry) names the new reference.
UPDATE `idempotency_keys` SET `response_body` = json_set(`response_body`, '$.booking.reference',
  (SELECT `reference` FROM `booking_submissions` WHERE `id` = json_extract(`idempotency_keys`.`response_body`, '$.booking.id')))
WHERE json_valid(`response_body`) AND json_type(`response_body`, '$.booking.reference') = 'text'
  AND EXISTS (SELECT 1 FROM `booking_submissions` WHERE `id` = json_extract(`idempotency_keys`.`response_body`, '$.booking.id'));
