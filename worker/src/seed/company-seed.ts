import { DEMO_RATE_PLANS } from './seed-data';

/**
 * The demo's company accounts (docs/decisions/077-companies-and-travel-agents.md): a company with
 * the private corporate plan, and a travel agent on 10% commission. Inserted once (by name),
 * never over what a manager changed.
 */
export const COMPANY_SEED = [
  {
    name: 'Oman LNG',
    kind: 'company' as const,
    address: 'العُمانية للغاز الطبيعي المسال، مسقط، سلطنة عُمان',
    ratePlanCodes: [DEMO_RATE_PLANS.corporate],
    creditLimitBaisa: 5_000_000,
    contactName: 'Reservations desk',
    contactPhone: '+968 2460 0000',
    contactEmail: 'travel@omanlng.example',
  },
  {
    name: 'Gulf Horizons Travel',
    kind: 'travel_agent' as const,
    address: 'آفاق الخليج للسفر، روي، مسقط',
    commissionHundredths: 1000,
    iata: '96512345',
    creditLimitBaisa: null,
    contactName: 'Maryam Al Balushi',
    contactPhone: '+968 9123 4500',
    contactEmail: 'bookings@gulfhorizons.example',
  },
];
