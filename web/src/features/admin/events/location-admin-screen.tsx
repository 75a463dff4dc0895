import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useRef, useState } from 'react';
import { EVENT_RULES, type Language } from '../../../../../shared/src/constants';
import { LanguageSwitch } from '../../../components/layout/language-switch';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { formatCount, formatDateTime } from '../../../lib/format';
import { AdminPageHeader, OfflineNote } from '../components/admin-page-header';
import { useOnline } from '../hooks/use-online';
import { type LocationSubmission, useLocationSubmissions } from './api/get-location-submissions';
import { EntryList } from './components/entry-list';
import { EventSwitch } from './components/event-switch';
import { COMPLETION_LABELS, CompletionBadge } from './components/status-badge';
import { StatusCounters } from './components/status-counters';
import { DetailRow } from './components/submission-detail';
import { countCompleted } from './moderation-rules';

/**
 * /location-admin and /location-sharing-admin: location sharing entries,
 * read only (admin spec sections 2 and 4); polled every 5 s. The draw takes
 * place at the end of each month.
 */
export function Component() {
  const { t, i18n } = useLingui();
  const language = i18n.locale as Language;
  const online = useOnline();
  const list = useLocationSubmissions();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const detailHeading = useRef<HTMLHeadingElement>(null);
  const entries = useMemo(() => list.data ?? [], [list.data]);
  const counts = useMemo(() => countCompleted(entries), [entries]);
  const selected = entries.find((e) => e.id === selectedId) ?? null;
  const required = formatCount(EVENT_RULES.locationSharesRequired, language);
  const shares = (entry: LocationSubmission) => `${formatCount(entry.shareCount, language)}/${required}`;

  function select(id: number | null) {
    setSelectedId(id);
    if (id !== null && window.matchMedia('(max-width: 767px)').matches) {
      requestAnimationFrame(() =>
        detailHeading.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
      );
    }
  }

  const rowLabel = (entry: LocationSubmission) => {
    const id = formatCount(entry.id, language);
    const phone = entry.participantPhone;
    const status = i18n._(COMPLETION_LABELS[entry.isCompleted ? 'completed' : 'pending']);
    const count = shares(entry);
    return t`Entry #${id}, ${phone}, ${count} shares, ${status}`;
  };

  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-8">
      <AdminPageHeader
        title={<Trans>Location sharing event management</Trans>}
        subtitle={
          <Trans>
            Guests who shared the hotel's location 5 times; read only, the draw takes place at the end of each
            month. Refreshed every 5 seconds.
          </Trans>
        }
        actions={<LanguageSwitch />}
      />
      {!online ? (
        <OfflineNote>
          <Trans>You are offline. This is the last list loaded.</Trans>
        </OfflineNote>
      ) : null}

      <EventSwitch
        eventType="location_sharing"
        label={<Trans>Location sharing event open to guests</Trans>}
        isOnline={online}
      />

      <StatusCounters
        label={t`Entries by status`}
        counters={[
          {
            key: 'total',
            label: <Trans>Total entries</Trans>,
            value: list.data && counts.total,
            tone: 'border-sand-200',
          },
          {
            key: 'completed',
            label: <Trans context="location entries">Completed</Trans>,
            value: list.data && counts.completed,
            tone: 'border-emerald-300',
          },
          {
            key: 'pending',
            label: <Trans context="location entries">Pending</Trans>,
            value: list.data && counts.pending,
            tone: 'border-amber-300',
          },
        ]}
      />

      <div className="grid items-start gap-4 md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <section aria-labelledby="entries-title" className="flex min-w-0 flex-col gap-2">
          <h2 id="entries-title" className="text-lg font-bold text-slate-900">
            <Trans>Entries</Trans>
          </h2>
          {list.isPending ? (
            <p role="status" className="text-slate-700">
              <Trans>Loading entries…</Trans>
            </p>
          ) : list.isError && !list.data ? (
            <div
              role="alert"
              className="flex flex-col items-start gap-3 rounded-xl bg-red-50 p-4 text-red-800"
            >
              <p>{errorMessage(list.error, t`The entries could not be loaded.`)}</p>
              <Button variant="secondary" onPress={() => void list.refetch()}>
                <Trans>Try again</Trans>
              </Button>
            </div>
          ) : entries.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-sand-200 bg-white p-6 text-center text-slate-700">
              <Trans>No location sharing entries yet.</Trans>
            </p>
          ) : (
            <EntryList
              label={t`Location sharing entries`}
              items={entries}
              selectedId={selectedId}
              onSelect={select}
              rowLabel={rowLabel}
              dependencies={[language]}
            >
              {(entry) => (
                <>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-bold text-slate-900">#{formatCount(entry.id, language)}</span>
                    <CompletionBadge isCompleted={entry.isCompleted} />
                  </div>
                  <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm text-slate-700">
                    <span dir="ltr" className="font-semibold text-slate-900">
                      {entry.participantPhone}
                    </span>
                    <span>{formatDateTime(entry.submissionDate, language)}</span>
                    <span data-testid="entry-shares">
                      <Trans>Shares: {shares(entry)}</Trans>
                    </span>
                  </div>
                </>
              )}
            </EntryList>
          )}
        </section>

        <div className="min-w-0 md:sticky md:top-20">
          {selected ? (
            <LocationDetail
              key={selected.id}
              entry={selected}
              shares={shares(selected)}
              required={required}
              headingRef={detailHeading}
            />
          ) : (
            <p className="rounded-2xl border border-dashed border-sand-200 bg-white p-6 text-center text-slate-700">
              <Trans>Choose an entry in the list to see its details.</Trans>
            </p>
          )}
        </div>
      </div>
    </main>
  );
}

function LocationDetail({
  entry,
  shares,
  required,
  headingRef,
}: {
  entry: LocationSubmission;
  shares: string;
  required: string;
  headingRef: React.Ref<HTMLHeadingElement>;
}) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const [notes, setNotes] = useState('');
  const id = formatCount(entry.id, language);
  return (
    <section
      aria-labelledby="entry-detail-title"
      data-testid="entry-detail"
      className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2
          id="entry-detail-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-xl font-bold text-teal-800 outline-none"
        >
          <Trans>Entry #{id}</Trans>
        </h2>
        <CompletionBadge isCompleted={entry.isCompleted} />
      </div>
      <dl className="grid grid-cols-2 gap-3">
        <DetailRow label={<Trans>Phone</Trans>}>
          <span dir="ltr" data-testid="entry-phone">
            {entry.participantPhone}
          </span>
        </DetailRow>
        <DetailRow label={<Trans>Date</Trans>}>{formatDateTime(entry.submissionDate, language)}</DetailRow>
        <DetailRow label={<Trans>Share count</Trans>}>
          <span data-testid="detail-shares">{shares}</span>
        </DetailRow>
        <div className="flex items-end">
          <span className="rounded-full bg-sky-100 px-3 py-1 text-sm font-bold text-sky-950 ring-1 ring-sky-300">
            <Trans>Required: {required} shares</Trans>
          </span>
        </div>
      </dl>
      {entry.isCompleted ? (
        <p data-testid="entry-success" className="rounded-xl bg-emerald-50 p-3 text-emerald-950">
          <Trans>
            This participant shared the hotel's location the required number of times and is entered in this
            month's draw.
          </Trans>
        </p>
      ) : (
        <p className="rounded-xl bg-amber-50 p-3 text-amber-950">
          <Trans>This participant has not completed the required shares yet.</Trans>
        </p>
      )}
      <TextField
        label={<Trans>Notes (not saved)</Trans>}
        description={<Trans>For your own use while on this page; these notes are not saved.</Trans>}
        multiline
        rows={3}
        value={notes}
        onChange={setNotes}
      />
    </section>
  );
}
