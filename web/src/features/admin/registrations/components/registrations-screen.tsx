import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, useState } from 'react';
import { hotelToday } from '@shared/dates';
import { REGISTRATION_STATES, type RegistrationState } from '@shared/registration-schemas';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { type AdminTableColumn, AdminTable } from '@/components/admin/admin-table';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { buttonClass } from '@/components/ui/button-class';
import { DatePicker } from '@/components/ui/date-picker';
import { Select, SelectItem } from '@/components/ui/select';
import { showToast } from '@/components/ui/toast-queue';
import {
  inPoliceFile,
  policeFileHref,
  registrationsCsvHref,
  type StayRegistration,
  useMarkSent,
  useRegistrations,
} from '@/entities/admin/registrations/registrations-api';
import {
  REGISTRATION_STATE_LABELS,
  RegistrationStateBadge,
  useMissingWords,
} from '@/entities/admin/registrations/registration-words';
import { countryName, useDocumentTypeLabel } from '@/entities/guest-profile/guest-document-fields';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatDate, formatDateTime } from '@/lib/format';
import { formatRoomNumber } from '@/lib/format-room-number';
import { lazy } from '@/lib/lazy';
import { useOnline } from '@/lib/use-online';

const CompleteRegistrationDialog = lazy(
  () => import('@/entities/admin/registrations/complete-registration-dialog'),
);
const CorrectRegistrationDialog = lazy(
  () => import('@/entities/admin/registrations/correct-registration-dialog'),
);
const RefusedDialog = lazy(() => import('./refused-dialog'));

/**
 * /admin/registrations (front desk and above): the police registrations of a day, today's by
 * default: each stay checked in that day and every one still not sent from before, with its
 * state (to send, incomplete, sent, refused, corrected) and what is missing. The desk completes
 * an incomplete one here, downloads the day's police file (the complete ones not sent: arrivals
 * and corrections) and then marks exactly those as sent; a registration the police refused is
 * recorded with the reason, and corrected here (the guest's details and the other adults: in the
 * next file as a correction).
 */
export function RegistrationsScreen() {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const online = useOnline();
  const [date, setDate] = useState(hotelToday());
  const [state, setState] = useState<RegistrationState | 'all'>('all');
  const list = useRegistrations(date);
  const markSent = useMarkSent();
  const documentTypeLabel = useDocumentTypeLabel();
  const missingWords = useMissingWords();
  const [completing, setCompleting] = useState<StayRegistration | null>(null);
  const [refusing, setRefusing] = useState<StayRegistration | null>(null);
  const [correcting, setCorrecting] = useState<StayRegistration | null>(null);
  // The ids in the police file as it was downloaded: "mark as sent" marks exactly those.
  const [downloaded, setDownloaded] = useState<number[] | null>(null);
  const all = list.data ?? [];
  const rows = state === 'all' ? all : all.filter((r) => r.state === state);
  const toSend = all.filter(inPoliceFile);
  const incomplete = all.filter((r) => r.state === 'incomplete').length;
  const sendCount = formatCount(toSend.length, language);
  const incompleteCount = formatCount(incomplete, language);
  const markedCount = formatCount(downloaded?.length ?? 0, language);
  const columns: AdminTableColumn<StayRegistration>[] = [
    {
      id: 'state',
      header: <Trans>State</Trans>,
      cell: (r) => (
        <div className="flex flex-col items-start gap-1">
          <RegistrationStateBadge state={r.state} />
          {r.state === 'incomplete' ? (
            <span className="text-sm text-amber-950">
              <Trans>Missing: {missingWords(r.missing, r.companions)}</Trans>
            </span>
          ) : null}
          {r.state === 'failed' && r.failedReason ? (
            <span className="text-sm text-red-800">{r.failedReason}</span>
          ) : null}
          {r.state === 'sent' && r.sentAt ? (
            <span className="text-sm text-slate-700">
              {r.sentBy
                ? t`${formatDateTime(r.sentAt, language)} by ${r.sentBy}`
                : formatDateTime(r.sentAt, language)}
            </span>
          ) : null}
        </div>
      ),
    },
    {
      id: 'name',
      header: <Trans>Name</Trans>,
      isRowHeader: true,
      className: 'font-semibold',
      cell: (r) => r.fullName,
    },
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
          <bdi dir="ltr">{r.documentNumber ?? '—'}</bdi>
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
    {
      id: 'stay',
      header: <Trans>Stay</Trans>,
      cell: (r) => `${formatDate(r.arrival, language)} – ${formatDate(r.departure, language)}`,
    },
    {
      id: 'actions',
      header: <Trans>Actions</Trans>,
      cell: (r) => (
        <div className="flex flex-wrap gap-2">
          {r.state === 'incomplete' ? (
            <Button
              variant="primary"
              onPress={() => setCompleting(r)}
              data-testid={`registration-complete-${r.bookingId}`}
            >
              <Trans>Complete</Trans>
            </Button>
          ) : null}
          {r.state === 'sent' ? (
            <Button variant="secondary" onPress={() => setRefusing(r)}>
              <Trans>Refused by the police…</Trans>
            </Button>
          ) : null}
          {r.state === 'failed' ? (
            <Button
              variant="primary"
              isDisabled={!online}
              onPress={() => setCorrecting(r)}
              data-testid={`registration-correct-${r.bookingId}`}
            >
              {/* The visible word first, then whose (for a screen reader): the name holds what is seen. */}
              <Trans>Correct</Trans>
              <span className="sr-only">
                {' '}
                <bdi>{r.fullName}</bdi>
              </span>
            </Button>
          ) : null}
        </div>
      ),
    },
  ];
  const send = () => {
    if (!downloaded?.length) return;
    markSent.mutate(downloaded, {
      onSuccess: (body) => {
        showToast({ title: body.message, variant: 'success' });
        setDownloaded(null);
      },
      onError: (error) => showToast({ title: errorMessage(error, t`Not marked as sent`), variant: 'error' }),
    });
  };
  return (
    <main
      className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8"
      data-testid="registrations-screen"
    >
      <AdminPageHeader
        title={<Trans>Police registration</Trans>}
        subtitle={
          <Trans>
            Each stay checked in is reported to the police: complete what is missing, download the day&apos;s
            file, then mark it as sent.
          </Trans>
        }
      />
      <div className="flex flex-wrap items-end gap-4">
        <DatePicker
          label={t`Day`}
          value={date}
          onChange={(value) => {
            if (!value) return;
            setDate(value);
            setDownloaded(null);
          }}
          maxValue={hotelToday()}
          className="w-60"
        />
        <Select
          label={t`State`}
          className="w-60"
          selectedKey={state}
          onSelectionChange={(key) => setState((key as RegistrationState | 'all') ?? 'all')}
          data-testid="registrations-state"
        >
          {[
            <SelectItem key="all" id="all">
              {t`All`}
            </SelectItem>,
            ...REGISTRATION_STATES.map((s) => (
              <SelectItem key={s} id={s}>
                {i18n._(REGISTRATION_STATE_LABELS[s])}
              </SelectItem>
            )),
          ]}
        </Select>
        <a className={buttonClass('secondary')} href={registrationsCsvHref(date)} download>
          <Trans>Download the list (CSV)</Trans>
        </a>
      </div>
      <section
        className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4"
        aria-labelledby="registrations-file-heading"
        data-testid="registrations-file"
      >
        <h2 id="registrations-file-heading" className="text-lg font-bold text-teal-800">
          <Trans>The day&apos;s police file</Trans>
        </h2>
        <p className="text-slate-800" aria-live="polite" data-testid="registrations-summary">
          {!list.isSuccess ? null : toSend.length + incomplete === 0 ? (
            <Trans>Nothing left to send for this day.</Trans>
          ) : (
            <Trans>
              {sendCount} to send; {incompleteCount} incomplete (not in the file until completed).
            </Trans>
          )}
        </p>
        <div className="flex flex-wrap gap-2">
          {toSend.length > 0 ? (
            <a
              className={buttonClass('primary')}
              href={policeFileHref(date)}
              download
              onClick={() => setDownloaded(toSend.map((r) => r.bookingId))}
              data-testid="registrations-download"
            >
              <Trans>Download the police file</Trans>
            </a>
          ) : null}
          {downloaded?.length ? (
            <Button
              onPress={send}
              isPending={markSent.isPending}
              isDisabled={!online}
              data-testid="registrations-mark-sent"
            >
              <Trans>Mark as sent ({markedCount})</Trans>
            </Button>
          ) : null}
        </div>
      </section>
      {list.isError ? (
        <LoadError onRetry={() => void list.refetch()}>
          {errorMessage(list.error, t`The registrations could not be loaded.`)}
        </LoadError>
      ) : null}
      <AdminTable
        look="list"
        className="text-sm"
        caption={<Trans>Police registrations of {formatDate(date, language)}</Trans>}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.bookingId}
        rowProps={(r) => ({ 'data-testid': `registration-${r.bookingId}`, 'data-state': r.state })}
      />
      <Suspense fallback={null}>
        {completing ? (
          <CompleteRegistrationDialog registration={completing} onClose={() => setCompleting(null)} />
        ) : null}
        {refusing ? <RefusedDialog registration={refusing} onClose={() => setRefusing(null)} /> : null}
        {correcting ? (
          <CorrectRegistrationDialog registration={correcting} onClose={() => setCorrecting(null)} />
        ) : null}
      </Suspense>
    </main>
  );
}
