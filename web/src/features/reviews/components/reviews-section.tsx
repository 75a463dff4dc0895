import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { EVENT_RULES } from '@shared/constants';
import { hotelToday } from '@shared/dates';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { useLanguage } from '@/hooks/use-language';
import { formatCount, formatDate } from '@/lib/format';
import { type OutboxEntryView, useOutboxEntries } from '@/offline/outbox';
import { type MyReview, useMyReviews } from '../api/get-my-reviews';
import { type PublicReview, useReviews } from '../api/get-reviews';
import { reviewKeys } from '../api/review-keys';
import { ReviewForm } from './review-form';
import { Stars } from '@/components/stars';

/**
 * The landing page's reviews section (guest spec "Reviews section"): the average
 * and count, the form, this device's own reviews still waiting (to be sent, or for approval)
 * with a share button, and "Latest Guest Reviews": the 3 newest approved, Show More (n+) /
 * Hide Reviews, more pages on demand. A lazy chunk, loaded when the section nears the screen.
 */
export default function ReviewsSection() {
  const reviews = useReviews();
  const first = reviews.data?.pages[0];

  return (
    <section aria-labelledby="reviews-heading" className="flex flex-col gap-5" data-testid="reviews-section">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="reviews-heading" className="text-2xl font-bold text-teal-800">
          <Trans>Guest reviews</Trans>
        </h2>
        {first && first.total > 0 && first.averageRating !== null ? (
          <p className="flex items-center gap-2 text-slate-800" data-testid="reviews-summary">
            <Stars rating={Math.round(first.averageRating)} />
            <span>
              <RatingSummary average={first.averageRating} total={first.total} />
            </span>
          </p>
        ) : null}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-5">
          <ReviewForm />
          <MyFreshReviews />
        </div>
        <LatestReviews query={reviews} />
      </div>
    </section>
  );
}

function RatingSummary({ average, total }: { average: number; total: number }) {
  const language = useLanguage();
  const averageText = formatCount(average, language);
  const outOf = formatCount(5, language);
  const totalText = formatCount(total, language);
  return plural(total, {
    one: `${averageText} out of ${outOf}, from ${totalText} review`,
    other: `${averageText} out of ${outOf}, from ${totalText} reviews`,
  });
}

function reviewDate(iso: string, language: 'ar' | 'en') {
  return formatDate(hotelToday(new Date(iso)), language);
}

function ReviewCard({
  review,
  badge,
}: {
  review: {
    name: string | null;
    starRating: number;
    overallReview: string;
    createdAt: string;
    stayedHere?: boolean;
  };
  badge?: ReactNode;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  return (
    <article
      className="flex h-full flex-col gap-2 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
      data-testid="review-card"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-bold text-slate-900">{review.name || t`Anonymous guest`}</h4>
        <Stars rating={review.starRating} className="size-4" />
      </div>
      <div className="flex flex-wrap gap-2">
        {review.stayedHere ? (
          <span
            className="rounded-full bg-teal-700 px-2.5 py-0.5 text-xs font-semibold text-white"
            data-testid="stayed-here"
          >
            <Trans>Stayed here</Trans>
          </span>
        ) : null}
        {badge}
      </div>
      <p className="whitespace-pre-line break-words text-slate-800">{review.overallReview}</p>
      <p className="mt-auto text-sm text-slate-600">{reviewDate(review.createdAt, language)}</p>
    </article>
  );
}

/** This device's reviews not yet public: waiting to be sent, or awaiting approval (spec: the fresh-reviews grid). */
function MyFreshReviews() {
  const { t } = useLingui();
  const mine = useMyReviews();
  const pending: MyReview[] = mine.data?.reviews ?? [];
  const entries = useOutboxEntries('review');
  // A review sent from the outbox later (the network came back): ask the server again.
  const queryClient = useQueryClient();
  const sent = entries.filter((e) => e.state === 'sent').length;
  useEffect(() => {
    if (sent > 0) void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
  }, [sent, queryClient]);
  const waiting = entries.filter(
    (e): e is OutboxEntryView & { review: NonNullable<OutboxEntryView['review']> } =>
      e.state !== 'sent' && !!e.review,
  );
  if (pending.length === 0 && waiting.length === 0) return null;

  const share = async () => {
    const text = t`I stayed at Al Maabila Hotel in Muscat. Here is my experience:`;
    const url = window.location.origin;
    try {
      if (navigator.share) {
        await navigator.share({ title: t`Al Maabila Hotel`, text, url });
        return;
      }
    } catch {
      return; // The guest closed the share sheet.
    }
    window.open(
      `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`,
      '_blank',
      'noopener,noreferrer',
    );
  };

  return (
    <section aria-labelledby="my-reviews-heading" className="flex flex-col gap-3" data-testid="my-reviews">
      <h3 id="my-reviews-heading" className="text-lg font-bold text-teal-800">
        <Trans>Your fresh reviews</Trans>
      </h3>
      <ul className="grid gap-3 sm:grid-cols-2">
        {waiting.map((entry) => (
          <li key={entry.id}>
            <ReviewCard
              review={{ ...entry.review, createdAt: new Date(entry.createdAt).toISOString() }}
              badge={
                <span
                  className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${entry.state === 'refused' ? 'bg-red-100 text-red-900' : 'bg-amber-100 text-amber-900'}`}
                  data-testid="review-waiting"
                >
                  {entry.state === 'refused' ? <Trans>Not accepted</Trans> : <Trans>Waiting to send</Trans>}
                </span>
              }
            />
          </li>
        ))}
        {pending.map((review) => (
          <li key={review.id}>
            <ReviewCard
              review={review}
              badge={
                <span
                  className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900"
                  data-testid="review-pending"
                >
                  <Trans>Awaiting approval</Trans>
                </span>
              }
            />
          </li>
        ))}
      </ul>
      <Button variant="secondary" onPress={() => void share()} className="self-start">
        <Trans>Share your experience</Trans>
      </Button>
    </section>
  );
}

function LatestReviews({ query }: { query: ReturnType<typeof useReviews> }) {
  const { t } = useLingui();
  const language = useLanguage();
  const [expanded, setExpanded] = useState(false);
  const all: PublicReview[] = query.data?.pages.flatMap((p) => p.reviews) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  const shown = expanded ? all : all.slice(0, EVENT_RULES.reviewsShownByDefault);
  const more = total - EVENT_RULES.reviewsShownByDefault;

  return (
    <section
      aria-labelledby="latest-reviews-heading"
      className="flex flex-col gap-3"
      data-testid="latest-reviews"
    >
      <h3 id="latest-reviews-heading" className="text-lg font-bold text-teal-800">
        <Trans>Latest Guest Reviews</Trans>
      </h3>
      {query.isPending && (
        <p role="status" className="text-slate-700">
          <Trans>Loading reviews…</Trans>
        </p>
      )}
      {query.isError && !query.data && (
        <LoadError onRetry={() => void query.refetch()}>
          <Trans>The reviews could not be loaded. Check your connection and try again.</Trans>
        </LoadError>
      )}
      {query.data && all.length === 0 && (
        <p className="rounded-2xl bg-sand-100 p-5 text-slate-800" data-testid="reviews-empty">
          <Trans>No reviews yet. Be the first to share your experience!</Trans>
        </p>
      )}
      <ul className="flex flex-col gap-3" id="latest-reviews-list">
        {shown.map((review) => (
          <li key={review.id}>
            <ReviewCard review={review} />
          </li>
        ))}
      </ul>
      {expanded && query.hasNextPage && (
        <Button
          variant="ghost"
          isPending={query.isFetchingNextPage}
          onPress={() => void query.fetchNextPage()}
        >
          <Trans>Load more reviews</Trans>
        </Button>
      )}
      {more > 0 && (
        <Button
          variant="secondary"
          aria-expanded={expanded}
          aria-controls="latest-reviews-list"
          onPress={() => setExpanded((e) => !e)}
          className="self-start"
          data-testid="reviews-toggle"
        >
          {expanded ? t`Hide Reviews` : t`Show More (${formatCount(more, language)}+)`}
        </Button>
      )}
    </section>
  );
}
