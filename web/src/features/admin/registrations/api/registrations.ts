import { hotelToday } from '@shared/dates';
import { registrationsQueryOptions } from '@/entities/admin/registrations/registrations-api';

/** What /admin/registrations shows first (app/more-routes.tsx, app/first-requests.ts): today's list. */
export const registrationsFirstQueries = () => [registrationsQueryOptions(hotelToday())];
