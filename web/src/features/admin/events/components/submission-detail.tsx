import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { formatCount, formatDateTime } from '@/lib/format';
import type { ModeratedSubmission } from '../api/get-moderated-submissions';
import type { Decision } from '../api/decide-submission';
import { EntryDetailPanel } from './entry-layout';
import { EventImageView } from './event-image';
import { SubmissionStatusBadge } from './status-badge';
import { DownloadIcon } from '@/components/more-icons';
import type { ViewedImage } from './image-viewer';
import { useLanguage } from '@/hooks/use-language';
import { phoneInText } from '@/lib/format-phone';

export type ImageTexts = {
  /** "Photo 2 of 3 from 9123 4567": the image's alt text. */
  alt: (n: string, total: string, phone: string) => string;
  /** "Photo 2 of 3": the overlay's title and the download button's name. */
  title: (n: string, total: string) => string;
  /** "Photos" / "Screenshots": the heading of the thumbnails. */
  heading: ReactNode;
};

/**
 * One entry's details (admin spec sections 2 and 4): phone, date, every
 * image (view full size, download one or all), and either the notes box with
 * Approve and Reject (pending) or the decision with its notes (decided).
 */
export function SubmissionDetail({
  entry,
  imageTexts,
  headingRef,
  canDecide,
  isDeciding,
  downloadProgress,
  onView,
  onDownload,
  onDownloadAll,
  onDecide,
}: {
  entry: ModeratedSubmission;
  imageTexts: ImageTexts;
  headingRef: React.Ref<HTMLHeadingElement>;
  canDecide: boolean;
  isDeciding: boolean;
  downloadProgress: { done: number; total: number } | null;
  onView: (viewed: ViewedImage) => void;
  onDownload: (viewed: ViewedImage) => void;
  onDownloadAll: () => void;
  onDecide: (decision: Decision, notes: string) => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const [notes, setNotes] = useState('');
  const total = formatCount(entry.images.length, language);
  const phone = phoneInText(entry.participantPhone);
  const views: ViewedImage[] = entry.images.map((image, index) => ({
    image,
    index,
    alt: imageTexts.alt(formatCount(index + 1, language), total, phone),
    title: imageTexts.title(formatCount(index + 1, language), total),
  }));

  return (
    <EntryDetailPanel
      entry={entry}
      badge={<SubmissionStatusBadge status={entry.status} />}
      headingRef={headingRef}
    >
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-bold text-slate-900">
            {imageTexts.heading} <span className="text-slate-600">({total})</span>
          </h3>
          {views.length > 0 ? (
            <Button
              variant="secondary"
              className="px-3 py-2 text-sm"
              isPending={downloadProgress !== null}
              onPress={onDownloadAll}
            >
              <DownloadIcon />
              {downloadProgress ? (
                <Trans>
                  Downloading {formatCount(downloadProgress.done, language)} of{' '}
                  {formatCount(downloadProgress.total, language)}…
                </Trans>
              ) : (
                <Trans>Download All</Trans>
              )}
            </Button>
          ) : null}
        </div>
        {views.length === 0 ? (
          <p className="text-slate-700">
            <Trans>This entry has no images.</Trans>
          </p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {views.map((view) => (
              <li key={view.image.url} className="flex flex-col gap-1.5">
                <AriaButton
                  aria-label={t`View ${view.alt} full size`}
                  onPress={() => onView(view)}
                  className="aspect-square cursor-zoom-in overflow-hidden rounded-xl border border-sand-200 bg-sand-100 outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-gold-700"
                >
                  <EventImageView
                    image={view.image}
                    alt={view.alt}
                    loading="lazy"
                    className="size-full object-cover"
                    testId="thumbnail"
                  />
                </AriaButton>
                <Button
                  variant="ghost"
                  className="px-2 py-1.5 text-sm"
                  aria-label={t`Download ${view.title}`}
                  onPress={() => onDownload(view)}
                >
                  <DownloadIcon />
                  <Trans>Download</Trans>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>

      {entry.status === 'pending' ? (
        <div className="flex flex-col gap-3 border-t border-sand-200 pt-4">
          <TextField
            label={<Trans>Admin notes</Trans>}
            description={<Trans>Optional. The participant is notified of the decision.</Trans>}
            multiline
            rows={3}
            value={notes}
            onChange={setNotes}
            maxLength={1000}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              variant="primary"
              isDisabled={!canDecide}
              isPending={isDeciding}
              onPress={() => onDecide('approve', notes.trim())}
            >
              <Trans>Approve</Trans>
            </Button>
            <Button
              variant="danger"
              isDisabled={!canDecide}
              isPending={isDeciding}
              onPress={() => onDecide('reject', notes.trim())}
            >
              <Trans>Reject</Trans>
            </Button>
          </div>
        </div>
      ) : (
        <div
          data-testid="entry-decision"
          className={`flex flex-col gap-1 rounded-xl p-3 ${entry.status === 'approved' ? 'bg-emerald-50 text-emerald-950' : 'bg-red-50 text-red-900'}`}
        >
          <p className="font-bold">
            {entry.status === 'approved' ? <Trans>Already approved</Trans> : <Trans>Already rejected</Trans>}
            {entry.decidedAt ? (
              <span className="font-normal"> · {formatDateTime(entry.decidedAt, language)}</span>
            ) : null}
          </p>
          {entry.adminNotes ? (
            <p>
              <Trans>Notes:</Trans> <span data-testid="entry-notes">{entry.adminNotes}</span>
            </p>
          ) : (
            <p>
              <Trans>No notes.</Trans>
            </p>
          )}
        </div>
      )}
    </EntryDetailPanel>
  );
}
