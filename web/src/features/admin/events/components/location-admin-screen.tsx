import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { EVENT_RULES } from '@shared/constants';
import { TextField } from '@/components/ui/text-field';
import { formatCount } from '@/lib/format';
import { useOnline } from '@/lib/use-online';
import { type LocationSubmission, useLocationSubmissions } from '../api/get-location-submissions';
import {
  DetailRow,
  EntriesWithDetail,
  EntryDetailPanel,
  EntryRowSummary,
  EventAdminPage,
  useEntrySelection,
} from './entry-layout';
import { EntryList } from './entry-list';
import { EventSwitch } from './event-switch';
import { COMPLETION_LABELS, CompletionBadge } from './status-badge';
import { StatusCounters } from './status-counters';
import { countCompleted } from '../lib/moderation-rules';
import { useLanguage } from '@/hooks/use-language';
import { sharesCount } from '@/lib/counts';
import { phoneInText } from '@/lib/format-phone';

/**
 * /location-admin and /location-sharing-admin: location sharing entries,
 * read only (admin spec sections 2 and 4); polled every 5 s. The draw takes
 * place at the end of each month.
 */
export function LocationAdminScreen() {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const online = useOnline();
  const list = useLocationSubmissions();
  const { selectedId, select, detailHeading } = useEntrySelection();
  const entries = useMemo(() => list.data ?? [], [list.data]);
  const counts = useMemo(() => countCompleted(entries), [entries]);
  const selected = entries.find((e) => e.id === selectedId) ?? null;
  const required = formatCount(EVENT_RULES.locationSharesRequired, language);
  const shares = (entry: LocationSubmission) => `${formatCount(entry.shareCount, language)}/${required}`;

  const rowLabel = (entry: LocationSubmission) => {
    const id = formatCount(entry.id, language);
    const phone = phoneInText(entry.participantPhone);
    const status = i18n._(COMPLETION_LABELS[entry.isCompleted ? 'completed' : 'pending']);
    const count = shares(entry);
    return t`Entry #${id}, ${phone}, shares ${count}, ${status}`;
  };

  return (
    <EventAdminPage
      title={<Trans>Location sharing event management</Trans>}
      subtitle={
        <Trans>
          Guests who shared the hotel's location 5 times; read only, the draw takes place at the end of each
          month. Refreshed every 5 seconds.
        </Trans>
      }
      online={online}
      offlineNote={<Trans>You are offline. This is the last list loaded.</Trans>}
    >
      <EventSwitch
        eventType="location_sharing"
        label={<Trans>Location sharing event open to guests</Trans>}
        isOnline={online}
      />

      <StatusCounters
        total={list.data && counts.total}
        counters={[
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

      <EntriesWithDetail
        query={list}
        isEmpty={entries.length === 0}
        empty={<Trans>No location sharing entries yet.</Trans>}
        list={
          <EntryList
            label={t`Location sharing entries`}
            items={entries}
            selectedId={selectedId}
            onSelect={select}
            rowLabel={rowLabel}
            dependencies={[language]}
          >
            {(entry) => (
              <EntryRowSummary
                entry={entry}
                badge={<CompletionBadge isCompleted={entry.isCompleted} />}
                extra={
                  <span data-testid="entry-shares">
                    <Trans>Shares: {shares(entry)}</Trans>
                  </span>
                }
              />
            )}
          </EntryList>
        }
        detail={
          selected ? (
            <LocationDetail
              key={selected.id}
              entry={selected}
              shares={shares(selected)}
              required={sharesCount(EVENT_RULES.locationSharesRequired, language)}
              headingRef={detailHeading}
            />
          ) : null
        }
        noSelection={<Trans>Choose an entry in the list to see its details.</Trans>}
      />
    </EventAdminPage>
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
  const [notes, setNotes] = useState('');
  return (
    <EntryDetailPanel
      entry={entry}
      badge={<CompletionBadge isCompleted={entry.isCompleted} />}
      headingRef={headingRef}
      fields={
        <>
          <DetailRow label={<Trans>Share count</Trans>}>
            <span data-testid="detail-shares">{shares}</span>
          </DetailRow>
          <div className="flex items-end">
            <span className="rounded-full bg-sky-100 px-3 py-1 text-sm font-bold text-sky-950 ring-1 ring-sky-300">
              <Trans>Required: {required}</Trans>
            </span>
          </div>
        </>
      }
    >
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
    </EntryDetailPanel>
  );
}
