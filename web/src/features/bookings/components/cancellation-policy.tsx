import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { BookingStatus } from '@shared/constants';
import { bookingPolicy } from '@shared/stay-policy';
import { useSiteSettings } from '@/entities/site-settings/get-site-settings';
import { useLanguage } from '@/hooks/use-language';
import { formatDateTime } from '@/lib/format';
import type { CancellationRule } from '@shared/rates';
import { cancellationRuleText } from '@/entities/rates/rate-plan-labels';
import { cancellationPolicyText } from '../lib/cancellation-policy';

/** A phone number or other long run of digits in the hotel's words ("+968 2445 1000"). */
const NUMBER_RUN = /(\+?[0-9٠-٩][0-9٠-٩ -]{5,}[0-9٠-٩])/;

/**
 * The policy's text with each phone number kept whole on one line, left to right as typed: the
 * admin's own words may give one, and a narrow phone broke it across lines at its spaces.
 */
export function unbrokenNumbers(text: string): ReactNode[] {
  return text.split(NUMBER_RUN).map((part, i) =>
    i % 2 === 1 ? (
      <bdi key={i} dir="ltr" className="whitespace-nowrap" data-testid="policy-number">
        {part}
      </bdi>
    ) : (
      part
    ),
  );
}

/**
 * The hotel's cancellation policy, on the booking form and on a booking's
 * page: the hotel's words or the rule from the site settings, or on the form the chosen rate's own
 * rule only, when it is not the site's; for a booking, also until when it may be cancelled or
 * changed free of charge. Nothing until the settings are known.
 */
export function CancellationPolicy({
  booking,
  chosenRule,
  className = '',
}: {
  /** A booking: its own deadline is said too. */
  booking?: { status: BookingStatus; checkInDate: string };
  /**
   * The booking form's chosen rate's rule: said alone when it is not the site's (a non-refundable
   * rate, or other free hours), so the hotel's general words do not promise what the rate does not.
   */
  chosenRule?: CancellationRule | null;
  className?: string;
}) {
  const language = useLanguage();
  const settings = useSiteSettings().data;
  if (!settings) return null;
  const policy = booking ? bookingPolicy(booking, settings) : null;
  const manageable = booking && ['pending', 'approved', 'confirmed'].includes(booking.status);
  const until = policy ? formatDateTime(policy.cancellationDeadline, language) : '';
  // The chosen rate's rule is not the site's: only it is said (the site's words are another rule).
  const planOwnRule =
    !!chosenRule &&
    (chosenRule.kind === 'non_refundable' || chosenRule.hours !== settings.freeCancellationHours);
  return (
    <section
      aria-labelledby="cancellation-policy-heading"
      className={`flex flex-col gap-1 rounded-2xl border border-sand-200 bg-sand-50 p-4 text-sm text-slate-800 ${className}`}
      data-testid="cancellation-policy"
    >
      <h3 id="cancellation-policy-heading" className="font-bold text-slate-900">
        <Trans>Cancellation policy</Trans>
      </h3>
      {planOwnRule ? (
        <p className="font-semibold text-slate-900" data-testid="chosen-rate-rule">
          {chosenRule.kind === 'non_refundable' ? (
            <Trans>
              The rate you chose is non-refundable: you may cancel until check-in time on your arrival day,
              but nothing is refunded, and the booking cannot be changed.
            </Trans>
          ) : (
            <Trans>
              The rate you chose: {cancellationRuleText(chosenRule, settings.freeCancellationHours, language)}
              .
            </Trans>
          )}
        </p>
      ) : (
        <p className="whitespace-pre-line">{unbrokenNumbers(cancellationPolicyText(settings, language))}</p>
      )}
      {policy && manageable ? (
        policy.mayCancel && booking.status !== 'pending' ? (
          <p className="font-semibold text-teal-800" data-testid="free-cancellation-until">
            <Trans>Free cancellation and changes until {until}.</Trans>
          </p>
        ) : policy.mayCancel ? (
          <p className="font-semibold text-teal-800" data-testid="free-cancellation-until">
            <Trans>
              While it waits for the hotel&apos;s approval you may withdraw or change it. Once approved, free
              cancellation lasts until {until}.
            </Trans>
          </p>
        ) : (
          <p className="font-semibold text-red-800" data-testid="free-cancellation-until">
            <Trans>The free cancellation deadline ({until}) has passed.</Trans>
          </p>
        )
      ) : null}
    </section>
  );
}
