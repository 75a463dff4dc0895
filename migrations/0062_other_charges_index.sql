-- The cancellation charges' invoice sweep (modules/payments/cancellation.ts) runs after every
-- successful write: it finds the last few business days' charges of department 'other' along
-- this index, instead of reading every folio line of those days (each in-house night's room
-- charge among them).
CREATE INDEX `folio_lines_other_charges_idx` ON `folio_lines` (`business_date`)
  WHERE `kind` = 'charge' AND `department` = 'other';
