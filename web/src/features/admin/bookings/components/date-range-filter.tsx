import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@/components/ui/button';
import { LazyDatePicker } from '@/components/ui/lazy-date-picker';

export type StayDates = { from: string; to: string };

/**
 * The desk's date filter: bookings whose stay overlaps these days (a single day: who is in
 * the hotel that night or arrives then). Filtered on the server.
 */
export function DateRangeFilter({ value, onChange }: { value: StayDates; onChange: (v: StayDates) => void }) {
  const { t } = useLingui();
  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">
        <Trans>Stay dates</Trans>
      </legend>
      <LazyDatePicker
        label={t`Staying from`}
        name="from"
        value={value.from}
        maxValue={value.to || undefined}
        onChange={(from) => onChange({ from, to: value.to && from && value.to < from ? from : value.to })}
      />
      <LazyDatePicker
        label={t`Staying until`}
        name="to"
        value={value.to}
        minValue={value.from || undefined}
        onChange={(to) => onChange({ ...value, to })}
      />
      {value.from || value.to ? (
        <Button variant="ghost" onPress={() => onChange({ from: '', to: '' })}>
          <Trans>Clear dates</Trans>
        </Button>
      ) : null}
    </fieldset>
  );
}
