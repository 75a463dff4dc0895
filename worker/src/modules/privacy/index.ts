export { purgeExpiredIdData, sweepOrphanIdDocuments } from './id-retention';
export { accountRoutes } from './routes/account';
