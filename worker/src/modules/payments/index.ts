export { paymentsAdmin, paymentsCsvRoutes } from './routes/admin/payments';
