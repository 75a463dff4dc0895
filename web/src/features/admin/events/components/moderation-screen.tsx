import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { QUICK_REJECT_NOTE } from '@shared/event-schemas';
import { Button } from '@/components/ui/button';
import { showToast } from '@/components/ui/toast-queue';
import { errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { useOnline } from '@/lib/use-online';
import { type Decision, isAlreadyDecided, useDecideSubmission } from '../api/decide-submission';
import type { ModeratedKind } from '../api/event-keys';
import { type ModeratedSubmission, useModeratedSubmissions } from '../api/get-moderated-submissions';
import { countByStatus } from '../lib/moderation-rules';
import { EntriesWithDetail, EntryRowSummary, EventAdminPage, useEntrySelection } from './entry-layout';
import { EntryList } from './entry-list';
import { EventSwitch } from './event-switch';
import { ImageViewer, type ViewedImage } from './image-viewer';
import { SUBMISSION_STATUS_LABELS, SubmissionStatusBadge } from './status-badge';
import { StatusCounters } from './status-counters';
import { type ImageTexts, SubmissionDetail } from './submission-detail';
import { useImageDownloads } from './use-image-downloads';
import { useLanguage } from '@/hooks/use-language';
import { phoneInText } from '@/lib/format-phone';

export type ModerationTexts = {
  title: ReactNode;
  subtitle: ReactNode;
  switchLabel: ReactNode;
  listLabel: string;
  /** "Photos: 3" in a list row. */
  imageCount: (count: string) => string;
  emptyList: ReactNode;
  /** Spec section 8: 'Error updating photo status' / 'Error updating review status'. */
  updateError: string;
  images: ImageTexts;
};

/**
 * The photography and Google review moderation screens (admin spec sections
 * 2, 4, 7, 8 and 9): counters, the scrolling list with quick decisions on
 * pending entries, and the detail panel. Offline the last list stays
 * readable and decisions wait for the connection.
 */
export function ModerationScreen({
  kind,
  eventType,
  texts,
  notice,
}: {
  kind: ModeratedKind;
  eventType: 'photography' | 'hotel_rating';
  texts: ModerationTexts;
  /** Shown with the event switch (the Google review policy). */
  notice?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const online = useOnline();
  const list = useModeratedSubmissions(kind);
  const decide = useDecideSubmission();
  const downloads = useImageDownloads(kind);
  const { selectedId, select, detailHeading } = useEntrySelection();
  const [viewed, setViewed] = useState<ViewedImage | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);

  const entries = useMemo(() => list.data ?? [], [list.data]);
  const counts = useMemo(() => countByStatus(entries), [entries]);
  const selected = entries.find((e) => e.id === selectedId) ?? null;
  const canDecide = online && !decide.isPending;

  function decideOn(entry: ModeratedSubmission, decision: Decision, adminNotes: string) {
    decide.mutate(
      { kind, id: entry.id, decision, adminNotes, userPhone: entry.participantPhone },
      {
        onSuccess: () => {
          // Spec section 4: refetch (the mutation does) and confirm the notice. The detail pane
          // stays on the decided entry, which now shows its decision; focus goes to its
          // heading (its buttons are gone), or to the list's for a decision made from the list.
          if (selectedId === entry.id) detailHeading.current?.focus();
          else listHeading.current?.focus();
          const id = formatCount(entry.id, language);
          const phone = phoneInText(entry.participantPhone);
          showToast({
            variant: 'success',
            title: decision === 'approve' ? t`Entry #${id} approved` : t`Entry #${id} rejected`,
            description: t`The participant (${phone}) has been notified.`,
          });
        },
        onError: (error) => {
          if (isAlreadyDecided(error)) {
            showToast({ variant: 'error', title: errorMessage(error, texts.updateError) });
            return;
          }
          showToast({
            variant: 'error',
            title: texts.updateError,
            description: errorMessage(error, t`Check your connection and try again.`),
          });
        },
      },
    );
  }

  const rowLabel = (entry: ModeratedSubmission) => {
    const id = formatCount(entry.id, language);
    const phone = phoneInText(entry.participantPhone);
    const status = i18n._(SUBMISSION_STATUS_LABELS[entry.status]);
    return t`Entry #${id}, ${phone}, ${status}`;
  };

  return (
    <EventAdminPage
      title={texts.title}
      subtitle={texts.subtitle}
      online={online}
      offlineNote={
        <Trans>
          You are offline. This is the last list loaded; decisions need a connection and are disabled until
          you are back online.
        </Trans>
      }
    >
      <EventSwitch eventType={eventType} label={texts.switchLabel} isOnline={online}>
        {notice}
      </EventSwitch>

      <StatusCounters
        total={list.data && counts.total}
        counters={[
          {
            key: 'approved',
            label: <Trans context="draw entry">Approved</Trans>,
            value: list.data && counts.approved,
            tone: 'border-emerald-300',
          },
          {
            key: 'pending',
            label: <Trans>Pending review</Trans>,
            value: list.data && counts.pending,
            tone: 'border-amber-300',
          },
          {
            key: 'rejected',
            label: <Trans context="draw entry">Rejected</Trans>,
            value: list.data && counts.rejected,
            tone: 'border-red-300',
          },
        ]}
      />

      <EntriesWithDetail
        query={list}
        isEmpty={entries.length === 0}
        empty={texts.emptyList}
        listHeadingRef={listHeading}
        list={
          <EntryList
            label={texts.listLabel}
            items={entries}
            selectedId={selectedId}
            onSelect={select}
            rowLabel={rowLabel}
            dependencies={[language, canDecide]}
          >
            {(entry) => (
              <>
                <EntryRowSummary
                  entry={entry}
                  badge={<SubmissionStatusBadge status={entry.status} />}
                  extra={<span>{texts.imageCount(formatCount(entry.images.length, language))}</span>}
                />
                {entry.status === 'pending' ? (
                  // A press does not move the focus into the list: focus entering it from outside
                  // goes to the selected row, which the list scrolls to (on a phone, away from under
                  // the pointer before it is lifted), and the press was lost. After the decision the
                  // focus goes to the list's heading; Tab still reaches the buttons.
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      className="px-3 py-1.5 text-sm"
                      isDisabled={!canDecide}
                      preventFocusOnPress
                      aria-label={t`Approve entry #${formatCount(entry.id, language)}`}
                      onPress={() => decideOn(entry, 'approve', '')}
                    >
                      <Trans>Approve</Trans>
                    </Button>
                    <Button
                      variant="ghost"
                      className="px-3 py-1.5 text-sm text-red-800!"
                      isDisabled={!canDecide}
                      preventFocusOnPress
                      aria-label={t`Reject entry #${formatCount(entry.id, language)}`}
                      onPress={() => decideOn(entry, 'reject', QUICK_REJECT_NOTE)}
                    >
                      <Trans>Reject</Trans>
                    </Button>
                  </div>
                ) : null}
              </>
            )}
          </EntryList>
        }
        detail={
          selected ? (
            <SubmissionDetail
              key={selected.id}
              entry={selected}
              imageTexts={texts.images}
              headingRef={detailHeading}
              canDecide={canDecide}
              isDeciding={decide.isPending}
              downloadProgress={downloads.progress}
              onView={setViewed}
              onDownload={(v) => void downloads.downloadOne(selected.id, v.image, v.index)}
              onDownloadAll={() => void downloads.downloadAll(selected.id, selected.images)}
              onDecide={(decision, notes) => decideOn(selected, decision, notes)}
            />
          ) : null
        }
        noSelection={<Trans>Choose an entry in the list to see its details and decide.</Trans>}
      />

      <ImageViewer
        viewed={viewed}
        onClose={() => setViewed(null)}
        onDownload={(v) => {
          if (selected) void downloads.downloadOne(selected.id, v.image, v.index);
        }}
      />
    </EventAdminPage>
  );
}
