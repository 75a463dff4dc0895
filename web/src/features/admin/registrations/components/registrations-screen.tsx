import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { hotelToday } from '@shared/dates';
import type { RegistrationRow } from '@shared/guest-profile-schemas';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { type AdminTableColumn, AdminTable } from '@/components/admin/admin-table';
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
  const columns: AdminTableColumn<RegistrationRow>[] = [
    { id: 'name', header: <Trans>Name</Trans>, className: 'font-semibold', cell: (r) => r.fullName },
    {
      id: 'nationality',
      header: <Trans>Nationality</Trans>,
      cell: (r) => (r.nationality ? countryName(r.nationality, language) : '—'),
    },
    {
      id: 'document',
      header: <Trans>Document</Trans>,
      cell: (r) => (
        <>
          {r.documentType ? `${documentTypeLabel(r.documentType)} ` : ''}
          <bdi dir="ltr">{r.documentNumber}</bdi>
        </>
      ),
    },
    {
      id: 'birth',
      header: <Trans>Date of birth</Trans>,
      cell: (r) => (r.dateOfBirth ? formatDate(r.dateOfBirth, language) : '—'),
    },
    {
      id: 'room',
      header: <Trans>Room</Trans>,
      cell: (r) => (r.roomNumber ? formatRoomNumber(r.roomNumber, language) : '—'),
    },
    { id: 'arrival', header: <Trans>Arrival</Trans>, cell: (r) => formatDate(r.arrival, language) },
    { id: 'departure', header: <Trans>Departure</Trans>, cell: (r) => formatDate(r.departure, language) },
  ];
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
      <AdminTable
        look="list"
        className="text-sm"
        caption={<Trans>Registrations of {formatDate(date, language)}</Trans>}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.bookingId}
      />
    </main>
  );
}
