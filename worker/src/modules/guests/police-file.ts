import { formatBookingReference } from '@shared/booking-reference';
import type { StayRegistration } from '@shared/registration-schemas';
import { toCsv } from '../../platform/csv';

/**
 * The file the hotel gives the police for a day (docs/decisions/093): the adapter between the
 * registrations and the police's format. The hotel has no access to the Royal Oman Police's own
 * system yet, so the one format is a CSV a clerk can upload or print; when the police's format
 * or API comes, it is another `PoliceFileFormat` here and nothing else changes (the list, the
 * states, "mark as sent").
 */
export type PoliceFile = { body: string; filename: string; contentType: string };
export type PoliceFileFormat = {
  name: string;
  render: (date: string, rows: StayRegistration[]) => PoliceFile;
};

const COLUMNS = [
  'kind',
  'adult',
  'fullName',
  'nationality',
  'documentType',
  'documentNumber',
  'dateOfBirth',
  'roomNumber',
  'arrival',
  'departure',
  'adults',
  'numberOfGuests',
  'reference',
] as const;

/**
 * The CSV: one line per adult of each stay (`adult` 1 the lead guest, then each companion, with the
 * stay's room, dates and reference), `kind` arrival or correction (a change after it was sent).
 */
export const csvPoliceFile: PoliceFileFormat = {
  name: 'csv',
  render: (date, rows) => ({
    body: toCsv(
      [...COLUMNS],
      rows.flatMap((r) => {
        const stay = {
          ...r,
          kind: r.state === 'corrected' ? 'correction' : 'arrival',
          reference: formatBookingReference(r.reference),
        };
        return [
          { ...stay, adult: '1' },
          ...r.companions.map((c, i) => ({
            ...stay,
            adult: String(i + 2),
            fullName: c.fullName,
            nationality: c.nationality,
            documentType: c.documentType,
            documentNumber: c.documentNumber,
            dateOfBirth: c.dateOfBirth,
          })),
        ];
      }),
    ),
    filename: `police-registrations-${date}.csv`,
    contentType: 'text/csv; charset=utf-8',
  }),
};

/** The format in use. */
export const policeFile: PoliceFileFormat = csvPoliceFile;
