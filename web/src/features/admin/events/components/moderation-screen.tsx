import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import type { Language } from '../../../../../../shared/src/constants';
import { QUICK_REJECT_NOTE } from '../../../../../../shared/src/event-schemas';
import { LanguageSwitch } from '../../../../components/layout/language-switch';
import { Button } from '../../../../components/ui/button';
import { showToast } from '../../../../components/ui/toast';
import { errorMessage } from '../../../../lib/api-client';
import { formatCount, formatDateTime } from '../../../../lib/format';
import { AdminPageHeader, OfflineNote } from '../../components/admin-page-header';
import { useOnline } from '../../hooks/use-online';
import { type Decision, isAlreadyDecided, useDecideSubmission } from '../api/decide-submission';
import type { ModeratedKind } from '../api/event-keys';
import { type ModeratedSubmission, useModeratedSubmissions } from '../api/get-moderated-submissions';
import { countByStatus } from '../moderation-rules';
import { EntryList } from './entry-list';
import { EventSwitch } from './event-switch';
import { ImageViewer, type ViewedImage } from './image-viewer';
import { SUBMISSION_STATUS_LABELS, SubmissionStatusBadge } from './status-badge';
import { StatusCounters } from './status-counters';
import { type ImageTexts, SubmissionDetail } from './submission-detail';
import { useImageDownloads } from './use-image-downloads';

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
 * readable and decisions wait for the connection (DESIGN.md "Offline").
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
  const language = i18n.locale as Language;
  const online = useOnline();
  const list = useModeratedSubmissions(kind);
  const decide = useDecideSubmission();
  const downloads = useImageDownloads(kind);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [viewed, setViewed] = useState<ViewedImage | null>(null);
  const detailHeading = useRef<HTMLHeadingElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);

  const entries = useMemo(() => list.data ?? [], [list.data]);
  const counts = useMemo(() => countByStatus(entries), [entries]);
  const selected = entries.find((e) => e.id === selectedId) ?? null;
  const canDecide = online && !decide.isPending;

  function select(id: number | null) {
    setSelectedId(id);
    // On a phone the panel is under the list: bring it into view (focus stays on the list).
    if (id !== null && window.matchMedia('(max-width: 767px)').matches) {
      requestAnimationFrame(() =>
        detailHeading.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
      );
    }
  }

  function decideOn(entry: ModeratedSubmission, decision: Decision, adminNotes: string) {
    decide.mutate(
      { kind, id: entry.id, decision, adminNotes, userPhone: entry.participantPhone },
      {
        onSuccess: () => {
          // Spec section 4: refetch (the mutation does), clear the selection, confirm the notice.
          setSelectedId(null);
          listHeading.current?.focus();
          const id = formatCount(entry.id, language);
          const phone = entry.participantPhone;
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
    const phone = entry.participantPhone;
    const status = i18n._(SUBMISSION_STATUS_LABELS[entry.status]);
    return t`Entry #${id}, ${phone}, ${status}`;
  };

  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-8">
      <AdminPageHeader title={texts.title} subtitle={texts.subtitle} actions={<LanguageSwitch />} />
      {!online ? (
        <OfflineNote>
          <Trans>
            You are offline. This is the last list loaded; decisions need a connection and are disabled until
            you are back online.
          </Trans>
        </OfflineNote>
      ) : null}

      <EventSwitch eventType={eventType} label={texts.switchLabel} isOnline={online}>
        {notice}
      </EventSwitch>

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
            key: 'approved',
            label: <Trans>Approved</Trans>,
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
            label: <Trans>Rejected</Trans>,
            value: list.data && counts.rejected,
            tone: 'border-red-300',
          },
        ]}
      />

      <div className="grid items-start gap-4 md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <section aria-labelledby="entries-title" className="flex min-w-0 flex-col gap-2">
          <h2
            id="entries-title"
            ref={listHeading}
            tabIndex={-1}
            className="text-lg font-bold text-slate-900 outline-none"
          >
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
              {texts.emptyList}
            </p>
          ) : (
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
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-bold text-slate-900">#{formatCount(entry.id, language)}</span>
                    <SubmissionStatusBadge status={entry.status} />
                  </div>
                  <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm text-slate-700">
                    <span dir="ltr" className="font-semibold text-slate-900">
                      {entry.participantPhone}
                    </span>
                    <span>{formatDateTime(entry.submissionDate, language)}</span>
                    <span>{texts.imageCount(formatCount(entry.images.length, language))}</span>
                  </div>
                  {entry.status === 'pending' ? (
                    <div className="flex flex-wrap gap-2">
                      <Button
                        variant="secondary"
                        className="px-3 py-1.5 text-sm"
                        isDisabled={!canDecide}
                        aria-label={t`Approve entry #${formatCount(entry.id, language)}`}
                        onPress={() => decideOn(entry, 'approve', '')}
                      >
                        <Trans>Approve</Trans>
                      </Button>
                      <Button
                        variant="ghost"
                        className="px-3 py-1.5 text-sm text-red-800!"
                        isDisabled={!canDecide}
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
          )}
        </section>

        <div className="min-w-0 md:sticky md:top-20">
          {selected ? (
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
          ) : (
            <p className="rounded-2xl border border-dashed border-sand-200 bg-white p-6 text-center text-slate-700">
              <Trans>Choose an entry in the list to see its details and decide.</Trans>
            </p>
          )}
        </div>
      </div>

      <ImageViewer
        viewed={viewed}
        onClose={() => setViewed(null)}
        onDownload={(v) => {
          if (selected) void downloads.downloadOne(selected.id, v.image, v.index);
        }}
      />
    </main>
  );
}
