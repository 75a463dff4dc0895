/**
 * accounts: who a user is (docs/decisions/048-worker-modules.md).
 *
 * Owns: sign-up and sign-in (password and Google), e-mail codes, phone verification and phone
 * proofs, the password policy and hashing, staff accounts, the account e-mails; its tables
 * (tables.ts: e-mail codes, phone verification requests, users' phones). The users and sessions
 * themselves are platform's (platform/tables.ts).
 * Offers: the routes the entry mounts; password hashing (the seed, an account's erasure) and
 * whether a phone was proven (the draws' entries); its part of a guest's data (`accountsGuestData`:
 * verified phones, phone and e-mail codes).
 * Never: hands out its tables; imports any module but the catalogue (the hotel's name in e-mails).
 * Imports: catalog (the hotel's name in e-mails).
 */
export { hashPassword, verifyPassword } from './passwords';
// Its part of a guest's export and erasure (modules/privacy).
export { accountsGuestData } from './guest-data';
export { phoneProven } from './phone-proofs';
export { staff } from './routes/admin/staff';
export { auth } from './routes/auth';
export { google } from './routes/google';
export { phoneVerificationRoutes } from './routes/phone-verification';
