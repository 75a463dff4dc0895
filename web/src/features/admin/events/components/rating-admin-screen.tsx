import { Trans, useLingui } from '@lingui/react/macro';
import { ModerationScreen } from './moderation-screen';
import { WarningIcon } from '@/components/more-icons';

/**
 * /rating-admin and /hotel-rating-admin: moderation of hotel rating (Google
 * review screenshot) draw entries, every screenshot of an entry, with
 * Google's review-incentive policy explained beside the on/off switch.
 */
export function RatingAdminScreen() {
  const { t } = useLingui();
  return (
    <ModerationScreen
      kind="google-review"
      eventType="hotel_rating"
      notice={<GooglePolicyNotice />}
      texts={{
        title: <Trans>Hotel rating event management</Trans>,
        subtitle: (
          <Trans>
            Review the Google review screenshots guests entered in the draw; refreshed every 5 seconds.
          </Trans>
        ),
        switchLabel: <Trans>Hotel rating event open to guests</Trans>,
        listLabel: t`Hotel rating entries`,
        imageCount: (count) => t`Screenshots: ${count}`,
        emptyList: <Trans>No hotel rating entries yet.</Trans>,
        updateError: t`Error updating review status`,
        images: {
          heading: <Trans>Screenshots</Trans>,
          alt: (n, total, phone) => t`Screenshot ${n} of ${total} from ${phone}`,
          title: (n, total) => t`Screenshot ${n} of ${total}`,
        },
      }}
    />
  );
}

function GooglePolicyNotice() {
  return (
    <div
      role="note"
      data-testid="google-policy"
      className="flex items-start gap-3 rounded-xl border-2 border-amber-400 bg-amber-50 p-4 text-amber-950"
    >
      <WarningIcon className="mt-0.5 size-6 shrink-0" />
      <div className="flex flex-col gap-1">
        <p className="font-bold">
          <Trans>Google's review policy forbids rewards for reviews</Trans>
        </p>
        <p>
          <Trans>
            Google does not allow offering anything in exchange for a review, and a prize draw for reviews
            counts as an incentive. It can get the hotel's reviews removed or its Google listing penalised.
          </Trans>
        </p>
        <p className="font-semibold">
          <Trans>Keep this event off unless the hotel's management has decided otherwise.</Trans>
        </p>
      </div>
    </div>
  );
}
