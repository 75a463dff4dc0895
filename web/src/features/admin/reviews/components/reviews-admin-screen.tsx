import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Key } from 'react-aria-components';

import { REVIEW_LIMITS } from '@shared/review-schemas';
import { AdminPageHeader, OfflineNote } from '@/components/admin/admin-page-header';
import { LoadError } from '@/components/load-error';
import { Stars } from '@/components/stars';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { Tab, TabList, TabPanel, Tabs } from '@/components/ui/tabs';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { hasRole, useCurrentUser } from '@/entities/session/use-current-user';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatDateTime } from '@/lib/format';
import { useOnline } from '@/lib/use-online';
import { useDecideReview, useDeleteReview } from '../api/decide-review';
import { type AdminReview, useAdminReviews } from '../api/get-admin-reviews';

type Status = AdminReview['status'];
const STATUSES: Status[] = ['pending', 'approved', 'rejected'];

/**
 * /admin/reviews: guest review moderation (staff and
 * admins). Pending / approved / rejected tabs with their counts; approve, reject with a note
 * (a published review can be taken down the same way), delete (admins). Polled every 5 s;
 * offline the last list stays readable and decisions wait for the connection.
 */
export function ReviewsAdminScreen() {
  const { t } = useLingui();
  const language = useLanguage();
  const online = useOnline();
  const list = useAdminReviews();
  const [tab, setTab] = useState<Key>('pending');

  const counts = list.data?.counts;
  const labels: Record<Status, string> = {
    pending: t`Pending`,
    approved: t`Approved`,
    rejected: t({ message: 'Rejected', context: 'review' }),
  };

  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-10">
      <AdminPageHeader
        title={<Trans>Guest reviews</Trans>}
        subtitle={
          <Trans>
            Approve the reviews guests write before they appear on the site; refreshed every 5 seconds.
          </Trans>
        }
      />
      {!online && (
        <OfflineNote>
          <Trans>You are offline. This is the last list loaded; decisions need a connection.</Trans>
        </OfflineNote>
      )}
      {list.isError && !list.data && (
        <LoadError onRetry={() => void list.refetch()}>
          <Trans>The reviews could not be loaded. Check your connection and try again.</Trans>
        </LoadError>
      )}
      {list.isPending && (
        <p role="status" className="text-slate-700">
          <Trans>Loading reviews…</Trans>
        </p>
      )}
      {list.data && (
        <Tabs selectedKey={tab} onSelectionChange={(key) => setTab(key)}>
          <TabList aria-label={t`Reviews by status`}>
            {STATUSES.map((status) => (
              <Tab key={status} id={status} data-testid={`reviews-tab-${status}`}>
                {labels[status]}
                <span className="rounded-full bg-sand-100 px-2 py-0.5 text-sm text-slate-800">
                  {formatCount(counts?.[status] ?? 0, language)}
                </span>
              </Tab>
            ))}
          </TabList>
          {STATUSES.map((status) => {
            const items = list.data.reviews.filter((r) => r.status === status);
            return (
              <TabPanel key={status} id={status}>
                {items.length === 0 ? (
                  <p className="rounded-xl bg-sand-100 p-4 text-slate-700">
                    {status === 'pending' ? (
                      <Trans>No reviews are waiting for a decision.</Trans>
                    ) : (
                      <Trans>No reviews here yet.</Trans>
                    )}
                  </p>
                ) : (
                  <ul className="flex flex-col gap-3">
                    {items.map((review) => (
                      <li key={review.id}>
                        <ReviewRow review={review} online={online} />
                      </li>
                    ))}
                  </ul>
                )}
              </TabPanel>
            );
          })}
        </Tabs>
      )}
    </main>
  );
}

function ReviewRow({ review, online }: { review: AdminReview; online: boolean }) {
  const { t } = useLingui();
  const language = useLanguage();
  const isAdmin = hasRole(useCurrentUser().data, 'admin');
  const decide = useDecideReview();
  const remove = useDeleteReview();
  const [rejecting, setRejecting] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [notes, setNotes] = useState('');
  const id = formatCount(review.id, language);
  const busy = decide.isPending || remove.isPending;

  const onDecide = (isApproved: boolean, adminNotes: string) =>
    decide.mutate(
      { id: review.id, isApproved, adminNotes },
      {
        onSuccess: () => {
          setRejecting(false);
          setNotes('');
          showToast({
            variant: 'success',
            title: isApproved ? t`Review #${id} approved` : t`Review #${id} rejected`,
          });
        },
        onError: (error) =>
          showToast({
            variant: 'error',
            title: t`Error updating review status`,
            description: errorMessage(error, t`Check your connection and try again.`),
          }),
      },
    );

  return (
    <article
      className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
      data-testid="admin-review"
      aria-label={t`Review #${id}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-bold text-slate-900">
          {review.name || t`Anonymous guest`} <span className="font-normal text-slate-600">#{id}</span>
        </h2>
        <Stars rating={review.starRating} className="size-4" />
      </div>
      <div className="flex flex-wrap gap-2 text-xs font-semibold">
        {review.stayedHere ? (
          <span className="rounded-full bg-teal-700 px-2.5 py-0.5 text-white">
            <Trans>Stayed here</Trans>
          </span>
        ) : null}
        {review.signedIn ? (
          <span className="rounded-full bg-sand-100 px-2.5 py-0.5 text-slate-800">
            <Trans>Written while signed in</Trans>
          </span>
        ) : null}
      </div>
      <p className="whitespace-pre-line break-words text-slate-800">{review.overallReview}</p>
      <p className="text-sm text-slate-600">{formatDateTime(review.createdAt, language)}</p>
      {review.adminNotes ? (
        <p className="rounded-xl bg-sand-50 p-2 text-sm text-slate-800">
          <Trans>Staff note:</Trans> {review.adminNotes}
        </p>
      ) : null}
      {rejecting ? (
        <div className="flex flex-col gap-2">
          <TextField
            label={t`Reason (optional, for staff only)`}
            value={notes}
            onChange={setNotes}
            maxLength={REVIEW_LIMITS.notesMax}
            multiline
            rows={2}
          />
          <div className="flex flex-wrap gap-2">
            <Button variant="danger" isDisabled={!online || busy} onPress={() => onDecide(false, notes)}>
              <Trans>Reject review</Trans>
            </Button>
            <Button variant="ghost" onPress={() => setRejecting(false)}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          {review.status !== 'approved' && (
            <Button
              isDisabled={!online || busy}
              onPress={() => onDecide(true, '')}
              aria-label={t`Approve review #${id}`}
            >
              <Trans>Approve</Trans>
            </Button>
          )}
          {review.status !== 'rejected' && (
            <Button
              variant="secondary"
              isDisabled={!online || busy}
              onPress={() => setRejecting(true)}
              aria-label={t`Reject review #${id}`}
            >
              {review.status === 'approved' ? <Trans>Take down</Trans> : <Trans>Reject</Trans>}
            </Button>
          )}
          {isAdmin && (
            <Button
              variant="ghost"
              className="text-red-800!"
              isDisabled={!online || busy}
              onPress={() => setConfirmDelete(true)}
              aria-label={t`Delete review #${id}`}
            >
              <Trans>Delete</Trans>
            </Button>
          )}
        </div>
      )}
      <Modal
        isOpen={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t`Delete review #${id}?`}
        size="sm"
      >
        {({ close }) => (
          <div className="flex flex-col gap-4">
            <p className="text-slate-800">
              <Trans>The review is removed for good. This is recorded in the audit log.</Trans>
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="danger"
                isPending={remove.isPending}
                onPress={() =>
                  remove.mutate(review.id, {
                    onSuccess: () => {
                      close();
                      showToast({ variant: 'success', title: t`Review #${id} deleted` });
                    },
                    onError: (error) =>
                      showToast({
                        variant: 'error',
                        title: t`Error updating review status`,
                        description: errorMessage(error, t`Check your connection and try again.`),
                      }),
                  })
                }
              >
                <Trans>Delete</Trans>
              </Button>
              <Button variant="secondary" onPress={close}>
                <Trans>Cancel</Trans>
              </Button>
            </div>
          </div>
        )}
      </Modal>
    </article>
  );
}
