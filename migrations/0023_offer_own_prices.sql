-- Issue 28 item 5: an offer may carry its own prices (the spec's offers panel: originals
-- 13.566 / 14.706 / 18.126 / 19.266 OMR, discounted 12.600 / 13.200 / 16.200 / 17.300, the
-- rooms' own discounted prices). With `fixed_prices` on, the guest sees and a booking is charged
-- the row's original_price / discounted_price; with it off (every offer staff create) the price
-- is the room's original price less the discount, as before (docs/decisions/014-offer-prices.md).
ALTER TABLE `offers` ADD `fixed_prices` integer DEFAULT false NOT NULL;
--> statement-breakpoint
-- The demo offers nobody on the staff has edited take the spec's prices.
UPDATE `offers` SET `fixed_prices` = 1,
  `original_price` = CASE `room_type` WHEN 'silver' THEN 13566 WHEN 'gold' THEN 14706
    WHEN 'diamond' THEN 18126 ELSE 19266 END,
  `discounted_price` = CASE `room_type` WHEN 'silver' THEN 12600 WHEN 'gold' THEN 13200
    WHEN 'diamond' THEN 16200 ELSE 17300 END,
  `discount` = CASE `room_type` WHEN 'silver' THEN 7 WHEN 'gold' THEN 10
    WHEN 'diamond' THEN 11 ELSE 10 END
WHERE `slug` IN ('offer-silver', 'offer-gold', 'offer-diamond', 'offer-deluxe')
  AND `updated_by_user_id` IS NULL;
--> statement-breakpoint
-- Issue 28 item 8: the demo offers' points line wrote its number in Latin digits in Arabic
-- ("اكسب 5 نقاط"); the seed now writes Arabic-Indic digits, and unedited rows follow.
UPDATE `offers` SET `features` = replace(replace(replace(replace(`features`,
    'اكسب 5 نقاط', 'اكسب ٥ نقاط'), 'اكسب 10 نقاط', 'اكسب ١٠ نقاط'),
    'اكسب 15 نقطة', 'اكسب ١٥ نقطة'), 'اكسب 20 نقطة', 'اكسب ٢٠ نقطة')
WHERE `slug` IN ('offer-silver', 'offer-gold', 'offer-diamond', 'offer-deluxe')
  AND `updated_by_user_id` IS NULL;
