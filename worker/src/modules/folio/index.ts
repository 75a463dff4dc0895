export { taxesAdmin } from './routes/admin/taxes';
export { readTaxSettings, type TaxSettings } from './tax-settings';
export { taxes, taxSettings } from './tables';
