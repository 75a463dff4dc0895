import { Trans, useLingui } from '@lingui/react/macro';
import { Form } from 'react-aria-components';
import { REVIEW_LIMITS, reviewCreateSchema } from '@shared/review-schemas';

import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { useFormFields } from '@/lib/use-form-fields';
import { type ReviewOutcome, useSubmitReview } from '../lib/use-submit-review';
import { StarRatingField } from './star-rating-field';
import { reviewMessage } from '../lib/review-messages';

const EMPTY = { starRating: 0, name: '', overallReview: '' };

/**
 * The review form (guest spec "Review form"): 1-5 stars, an optional name, the comment.
 * Send is enabled only with a rating and a non-blank comment; the hint under it says what is
 * missing (the spec's "incomplete" message). Sent through the outbox: offline it waits on
 * the device and goes when the network returns.
 */
export function ReviewForm() {
  const { t, i18n } = useLingui();
  const { values, setValues, change, validate, errors, formRef } = useFormFields(EMPTY);
  const message = (field: keyof typeof EMPTY) => reviewMessage(i18n, errors[field]);

  const onOutcome = (outcome: ReviewOutcome) => {
    if (outcome.kind === 'storage_full') {
      // Nothing was queued: the form keeps the guest's text and stars.
      showToast({
        variant: 'error',
        title: t`Your phone's storage is full`,
        description: t`Free some space and try again. What you already queued is kept.`,
      });
      return;
    }
    if (outcome.kind === 'refused') {
      showToast({
        variant: 'error',
        title: t`Your review was not accepted`,
        description: outcome.error.message || t`Please check it and try again.`,
      });
      return;
    }
    setValues(EMPTY);
    showToast(
      outcome.kind === 'sent'
        ? {
            variant: 'success',
            title: t`Thank you! Your review has been submitted successfully.`,
            description: t`It will appear for other guests once our team approves it.`,
          }
        : {
            variant: 'success',
            title: t`Your review is saved on this device`,
            description: t`It will be sent as soon as you are back online.`,
          },
    );
  };
  const review = useSubmitReview(onOutcome);

  const complete = values.starRating > 0 && values.overallReview.trim() !== '';

  return (
    <Form
      ref={formRef}
      className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm"
      aria-labelledby="review-form-heading"
      data-testid="review-form"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = validate(reviewCreateSchema);
        if (!parsed) return;
        void review.submit({
          starRating: parsed.starRating,
          name: parsed.name,
          overallReview: parsed.overallReview,
        });
      }}
    >
      <h3 id="review-form-heading" className="text-lg font-bold text-teal-800">
        <Trans>Write a review</Trans>
      </h3>
      <StarRatingField
        value={values.starRating}
        onChange={change('starRating')}
        isDisabled={review.isPending}
      />
      {message('starRating') ? (
        <p className="text-sm font-medium text-red-700">{message('starRating')}</p>
      ) : null}
      <TextField
        label={t`Your name (optional)`}
        description={t`Left empty, your review is shown as from an anonymous guest.`}
        value={values.name}
        onChange={change('name')}
        maxLength={REVIEW_LIMITS.nameMax}
        autoComplete="name"
        isInvalid={!!message('name')}
        errorMessage={message('name')}
        isDisabled={review.isPending}
      />
      <TextField
        label={t`Your comment`}
        multiline
        rows={4}
        value={values.overallReview}
        onChange={change('overallReview')}
        maxLength={REVIEW_LIMITS.commentMax}
        isRequired
        isInvalid={!!message('overallReview')}
        errorMessage={message('overallReview')}
        isDisabled={review.isPending}
      />
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Button
          type="submit"
          isDisabled={!complete}
          isPending={review.isPending}
          className="sm:px-10"
          aria-describedby={complete ? undefined : 'review-incomplete'}
        >
          {review.isPending ? <Trans>Sending…</Trans> : <Trans>Submit review</Trans>}
        </Button>
        {!complete && (
          <p id="review-incomplete" className="text-sm text-slate-700" data-testid="review-incomplete">
            <Trans>Please choose a star rating and write a comment.</Trans>
          </p>
        )}
      </div>
    </Form>
  );
}
