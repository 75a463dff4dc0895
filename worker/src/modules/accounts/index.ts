export { hashPassword, verifyPassword } from './passwords';
export { phoneProven } from './phone-proofs';
export { staff } from './routes/admin/staff';
export { auth } from './routes/auth';
export { google } from './routes/google';
export { phoneVerificationRoutes } from './routes/phone-verification';
export { emailCodes, phoneVerificationRequests, userPhones } from './tables';
