/**
 * operations: keeping the running hotel app sound (docs/decisions/048-worker-modules.md).
 *
 * Owns: health, the integrity check and its reports (tables.ts), the audit log's routes, the
 * development mailbox.
 * Offers: the routes the entry mounts; `runIntegrityCheck`, run by the cron.
 * Never: hands out its tables; imports a module but for its checks (the folio's, the books on
 * hand's and the police registrations' own, run by the integrity check). The integrity check reads every module's rows by
 * nature: it does so in raw SQL by table name, naming no module's drizzle table.
 * Imports: folio, guests, reports.
 */
export { runIntegrityCheck } from './integrity';
export { auditLogCsvRoutes, auditLogRoutes } from './routes/admin/audit-log';
export { integrity } from './routes/admin/integrity';
export { dev } from './routes/dev';
export { health } from './routes/health';
