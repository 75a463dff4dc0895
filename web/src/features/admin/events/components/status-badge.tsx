import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { SubmissionStatus } from '@shared/event-schemas';

/** An entry's status in words (a badge names one entry, hence the context). */
export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, MessageDescriptor> = {
  pending: msg({ message: 'Pending review', context: 'draw entry' }),
  approved: msg({ message: 'Approved', context: 'draw entry' }),
  rejected: msg({ message: 'Rejected', context: 'draw entry' }),
};

export const COMPLETION_LABELS = {
  completed: msg({ message: 'Completed', context: 'location entry' }),
  pending: msg({ message: 'Pending', context: 'location entry' }),
};

const badgeClass: Record<SubmissionStatus | 'completed', string> = {
  pending: 'bg-amber-100 text-amber-950 ring-amber-300',
  approved: 'bg-emerald-100 text-emerald-950 ring-emerald-300',
  completed: 'bg-emerald-100 text-emerald-950 ring-emerald-300',
  rejected: 'bg-red-100 text-red-900 ring-red-300',
};

const base = 'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-sm font-bold ring-1';

/** An entry's status: pending review, approved or rejected. */
export function SubmissionStatusBadge({ status }: { status: SubmissionStatus }) {
  const { i18n } = useLingui();
  return (
    <span data-testid="entry-status" className={`${base} ${badgeClass[status]}`}>
      {i18n._(SUBMISSION_STATUS_LABELS[status])}
    </span>
  );
}

/** A location sharing entry: Completed or Pending. */
export function CompletionBadge({ isCompleted }: { isCompleted: boolean }) {
  const { i18n } = useLingui();
  const key = isCompleted ? 'completed' : 'pending';
  return (
    <span data-testid="entry-status" className={`${base} ${badgeClass[key]}`}>
      {i18n._(COMPLETION_LABELS[key])}
    </span>
  );
}
