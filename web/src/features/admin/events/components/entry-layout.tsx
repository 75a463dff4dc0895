import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, type Ref, useRef, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatDateTime } from '@/lib/format';
import { AdminPageHeader, OfflineNote } from '@/components/admin/admin-page-header';
import { useLanguage } from '@/hooks/use-language';
import { LoadError } from '@/components/load-error';
import { formatPhone } from '@shared/phone-countries';

/**
 * The parts the event admin screens share (photography, hotel rating,
 * location sharing): the page with its header and offline note, the list
 * beside (tablet) or above (phone) the detail panel, a list row's summary and
 * the detail panel's heading, phone and date.
 */

type Entry = { id: number; participantPhone: string; submissionDate: string };

/** The page: header with the language switch, the offline note while offline, then the rest. */
export function EventAdminPage({
  title,
  subtitle,
  online,
  offlineNote,
  children,
}: {
  title: ReactNode;
  subtitle: ReactNode;
  online: boolean;
  offlineNote: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-8">
      <AdminPageHeader title={title} subtitle={subtitle} />
      {!online ? <OfflineNote>{offlineNote}</OfflineNote> : null}
      {children}
    </main>
  );
}

/** The selected entry; on a phone the panel is under the list, so choosing one brings it into view (focus stays on the list). */
export function useEntrySelection() {
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const detailHeading = useRef<HTMLHeadingElement>(null);

  function select(id: number | null) {
    setSelectedId(id);
    if (id !== null && window.matchMedia('(max-width: 767px)').matches) {
      requestAnimationFrame(() =>
        detailHeading.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
      );
    }
  }

  return { selectedId, select, detailHeading };
}

type ListQuery = {
  isPending: boolean;
  isError: boolean;
  data: unknown;
  error: unknown;
  refetch: () => unknown;
};

/**
 * "Entries" with the list (or its loading, error and empty states) and,
 * beside it, the selected entry's panel or a hint to choose one.
 */
export function EntriesWithDetail({
  query,
  isEmpty,
  empty,
  list,
  detail,
  noSelection,
  listHeadingRef,
}: {
  query: ListQuery;
  isEmpty: boolean;
  empty: ReactNode;
  list: ReactNode;
  /** The selected entry's panel, or null when none is selected. */
  detail: ReactNode;
  noSelection: ReactNode;
  /** Given when focus moves to the heading (after a decision). */
  listHeadingRef?: Ref<HTMLHeadingElement>;
}) {
  const { t } = useLingui();
  return (
    <div className="grid items-start gap-4 md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <section aria-labelledby="entries-title" className="flex min-w-0 flex-col gap-2">
        <h2
          id="entries-title"
          ref={listHeadingRef}
          tabIndex={listHeadingRef ? -1 : undefined}
          className="text-lg font-bold text-slate-900 outline-none"
        >
          <Trans>Entries</Trans>
        </h2>
        {query.isPending ? (
          <p role="status" className="text-slate-700">
            <Trans>Loading entries…</Trans>
          </p>
        ) : query.isError && !query.data ? (
          <LoadError onRetry={() => void query.refetch()}>
            {errorMessage(query.error, t`The entries could not be loaded.`)}
          </LoadError>
        ) : isEmpty ? (
          <p className="rounded-2xl border border-dashed border-sand-200 bg-white p-6 text-center text-slate-700">
            {empty}
          </p>
        ) : (
          list
        )}
      </section>

      <div className="min-w-0 md:sticky md:top-20">
        {detail ?? (
          <p className="rounded-2xl border border-dashed border-sand-200 bg-white p-6 text-center text-slate-700">
            {noSelection}
          </p>
        )}
      </div>
    </div>
  );
}

/** A list row's first lines: number and status, then phone, date and `extra` (the image or share count). */
export function EntryRowSummary({
  entry,
  badge,
  extra,
}: {
  entry: Entry;
  badge: ReactNode;
  extra: ReactNode;
}) {
  const language = useLanguage();
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-bold text-slate-900">#{formatCount(entry.id, language)}</span>
        {badge}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm text-slate-700">
        <span dir="ltr" className="font-semibold text-slate-900">
          {formatPhone(entry.participantPhone)}
        </span>
        <span>{formatDateTime(entry.submissionDate, language)}</span>
        {extra}
      </div>
    </>
  );
}

export function DetailRow({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col">
      <dt className="text-sm font-semibold text-slate-600">{label}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * The detail panel: "Entry #n" (focus target) with its status, the phone and
 * date rows plus `fields`, then `children`.
 */
export function EntryDetailPanel({
  entry,
  badge,
  headingRef,
  fields,
  children,
}: {
  entry: Entry;
  badge: ReactNode;
  headingRef: Ref<HTMLHeadingElement>;
  /** More rows of the details list, after phone and date. */
  fields?: ReactNode;
  children: ReactNode;
}) {
  const language = useLanguage();
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
        {badge}
      </div>
      <dl className="grid grid-cols-2 gap-3">
        <DetailRow label={<Trans>Phone</Trans>}>
          <span dir="ltr" data-testid="entry-phone">
            {formatPhone(entry.participantPhone)}
          </span>
        </DetailRow>
        <DetailRow label={<Trans>Date</Trans>}>{formatDateTime(entry.submissionDate, language)}</DetailRow>
        {fields}
      </dl>
      {children}
    </section>
  );
}
