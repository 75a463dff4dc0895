-- Issue 17: the public catalogue reads are kept in the edge cache under a key that carries
-- the `content` change counter (worker/src/lib/edge-cache.ts, docs/decisions/013). Offers,
-- room price updates and the site settings bump it already (0014); nearby services and rooms
-- added (0016, with the staff photos); the VIP card types and rooms removed must bump it too,
-- or a cached list would outlive them.
CREATE TRIGGER `content_version_vip_cards_insert` AFTER INSERT ON `vip_card_types`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_vip_cards_update` AFTER UPDATE ON `vip_card_types`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_vip_cards_delete` AFTER DELETE ON `vip_card_types`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;
--> statement-breakpoint
CREATE TRIGGER `content_version_rooms_delete` AFTER DELETE ON `rooms`
BEGIN UPDATE `change_counters` SET `version` = `version` + 1 WHERE `resource` = 'content'; END;
