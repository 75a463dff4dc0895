import { type ReactNode } from 'react';
import { RadioGroup, RadioOption } from '@/components/ui/radio-group';

/**
 * Bed type or smoking preference: only the options with a count above 0, each with its count
 * (or, counts unknown offline, every option the room type has, without one).
 */
export function AvailabilityChoiceGroup({
  label,
  description,
  value,
  onChange,
  choices,
  error,
  note,
}: {
  label: string;
  description: string;
  value: string | undefined;
  onChange: (value: string) => void;
  /** `count` null: not known (offline); the option is offered without one. */
  choices: { value: string; label: string; count: string | null }[];
  error: string | undefined;
  /** Said instead of the options when there are none. */
  note: ReactNode;
}) {
  return (
    <RadioGroup
      label={label}
      description={description}
      value={value ?? null}
      onChange={onChange}
      isInvalid={!!error}
      errorMessage={error}
      isRequired
      optionsClassName="grid gap-2 sm:grid-cols-2"
    >
      {choices.length > 0 ? (
        choices.map((choice) => (
          <RadioOption key={choice.value} value={choice.value}>
            <span className="flex-1">{choice.label}</span>
            {choice.count === null ? null : <span className="text-sm font-normal">{choice.count}</span>}
          </RadioOption>
        ))
      ) : (
        <p className="rounded-xl bg-sand-100 px-3 py-2 text-sm text-slate-700">{note}</p>
      )}
    </RadioGroup>
  );
}
