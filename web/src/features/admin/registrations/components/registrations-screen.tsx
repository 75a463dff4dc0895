import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { hotelToday } from '@shared/dates';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { buttonClass } from '@/components/ui/button-class';
import { DatePicker } from '@/components/ui/date-picker';
import { countryName, useDocumentTypeLabel } from '@/entities/guest-profile/guest-document-fields';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatDate } from '@/lib/format';
import { formatRoomNumber } from '@/lib/format-room-number';
import { registrationsCsvHref, useRegistrations } from '../api/registrations';

/**
 * /admin/registrations (staff): the guest registration list hotels in Oman give the authorities,
 * for a day: every guest checked in that day with nationality, document, date of birth, room,
 * arrival and departure; as a table and as a CSV download.
 */
export function RegistrationsScreen() {
  const { t } = useLingui();
  const language = useLanguage();
  const [date, setDate] = useState(hotelToday());
  const list = useRegistrations(date);
  const documentTypeLabel = useDocumentTypeLabel();
  const rows = list.data ?? [];
  const count = formatCount(rows.length, language);
  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8">
      <AdminPageHeader
        title={<Trans>Guest registration</Trans>}
        subtitle={
          <Trans>
            The guests checked in on a day, with their nationality and document, for the authorities.
          </Trans>
        }
      />
      <div className="flex flex-wrap items-end gap-4">
        <DatePicker
          label={t`Day`}
          value={date}
          onChange={(value) => value && setDate(value)}
          maxValue={hotelToday()}
          className="w-60"
        />
        <a className={buttonClass('primary')} href={registrationsCsvHref(date)} download>
          <Trans>Download CSV</Trans>
        </a>
      </div>
      {list.isError ? (
        <p role="alert" className="text-red-700">
          {errorMessage(list.error, '')}
        </p>
      ) : null}
      <p className="text-slate-700" aria-live="polite">
        {list.isSuccess ? <Trans>{count} guests checked in on this day</Trans> : null}
      </p>
      <div className="overflow-x-auto rounded-2xl border border-sand-200 bg-white">
        <table className="w-full text-start text-sm">
          <caption className="sr-only">
            <Trans>Registrations of {formatDate(date, language)}</Trans>
          </caption>
          <thead className="bg-sand-50 text-slate-800">
            <tr>
              <th scope="col" className="p-3 text-start">
                <Trans>Name</Trans>
              </th>
              <th scope="col" className="p-3 text-start">
                <Trans>Nationality</Trans>
              </th>
              <th scope="col" className="p-3 text-start">
                <Trans>Document</Trans>
              </th>
              <th scope="col" className="p-3 text-start">
                <Trans>Date of birth</Trans>
              </th>
              <th scope="col" className="p-3 text-start">
                <Trans>Room</Trans>
              </th>
              <th scope="col" className="p-3 text-start">
                <Trans>Arrival</Trans>
              </th>
              <th scope="col" className="p-3 text-start">
                <Trans>Departure</Trans>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-sand-200">
            {rows.map((r) => (
              <tr key={r.bookingId}>
                <td className="p-3 font-semibold">{r.fullName}</td>
                <td className="p-3">{r.nationality ? countryName(r.nationality, language) : '—'}</td>
                <td className="p-3">
                  {r.documentType ? `${documentTypeLabel(r.documentType)} ` : ''}
                  <bdi dir="ltr">{r.documentNumber}</bdi>
                </td>
                <td className="p-3">{r.dateOfBirth ? formatDate(r.dateOfBirth, language) : '—'}</td>
                <td className="p-3">{r.roomNumber ? formatRoomNumber(r.roomNumber, language) : '—'}</td>
                <td className="p-3">{formatDate(r.arrival, language)}</td>
                <td className="p-3">{formatDate(r.departure, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </main>
  );
}
