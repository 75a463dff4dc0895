-- A login to an account not verified yet now goes to the code screen (answered 403
-- verify_required instead of 401). So that this tells nobody whether an address had an account,
-- a registration with an address that has one keeps the first password tried, hashed with the
-- account's salt: a login with it is answered as the new, unverified account's would be.
ALTER TABLE `users` ADD `registration_attempt_hash` text;
