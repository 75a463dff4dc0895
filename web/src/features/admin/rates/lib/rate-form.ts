import type { RateNightValues } from '@shared/rates';
import type { Language } from '@shared/constants';
import { formatOmr } from '@shared/money';
import { formatCount } from '@/lib/format';
import { baisaOfTyped } from '@/lib/money-input';
import type { RatesEdit } from '../api/rates';
import { wholeOfTyped } from './typed-numbers';

export const MONEY_FIELDS = ['priceBaisa', 'singlePriceBaisa', 'extraGuestPriceBaisa'] as const;
export const STAY_FIELDS = ['minStay', 'maxStay'] as const;
export const FLAG_FIELDS = ['closed', 'closedToArrival', 'closedToDeparture'] as const;
type MoneyField = (typeof MONEY_FIELDS)[number];
type StayField = (typeof STAY_FIELDS)[number];
type FlagField = (typeof FLAG_FIELDS)[number];

/** A typed value and its "clear" box (sends null: the night then follows its plan's rules). */
export type TypedValue = { text: string; clear: boolean };
/** A restriction: left as is (bulk only), not set, on, or off. */
export type FlagChoice = 'leave' | 'unset' | 'yes' | 'no';

export type RateFormValues = Record<MoneyField | StayField, TypedValue> & Record<FlagField, FlagChoice>;

/**
 * The form's starting values: a night's own values in the language's digits (its edit dialog: what
 * is there is shown and only what changes is sent), or nothing (the bulk edit: an empty field leaves the nights as they
 * are).
 */
export function initialRateForm(own: RateNightValues | null, language: Language = 'en'): RateFormValues {
  const typed = (text: string): TypedValue => ({ text, clear: false });
  const money = (baisa: number | null | undefined) => (baisa == null ? '' : formatOmr(baisa, language));
  const whole = (n: number | null | undefined) => (n == null ? '' : formatCount(n, language));
  const flag = (value: boolean | null | undefined): FlagChoice =>
    own === null ? 'leave' : value == null ? 'unset' : value ? 'yes' : 'no';
  return {
    priceBaisa: typed(money(own?.priceBaisa)),
    singlePriceBaisa: typed(money(own?.singlePriceBaisa)),
    extraGuestPriceBaisa: typed(money(own?.extraGuestPriceBaisa)),
    minStay: typed(whole(own?.minStay)),
    maxStay: typed(whole(own?.maxStay)),
    closed: flag(own?.closed),
    closedToArrival: flag(own?.closedToArrival),
    closedToDeparture: flag(own?.closedToDeparture),
  };
}

export type RateValuesEdit = Pick<RatesEdit, MoneyField | StayField | FlagField>;

/**
 * What to send: a value cleared is null; a value typed that differs from where the form started
 * is sent (emptied: null); the rest is left out (untouched on the server). `invalid` names the
 * fields whose text is not an amount or a whole number.
 */
export function rateEditOf(
  values: RateFormValues,
  initial: RateFormValues,
): { edit: RateValuesEdit; invalid: { money: MoneyField[]; stays: StayField[] } } {
  const edit: RateValuesEdit = {};
  const invalid = { money: [] as MoneyField[], stays: [] as StayField[] };
  for (const field of MONEY_FIELDS) {
    const { text, clear } = values[field];
    if (clear) edit[field] = null;
    else if (text.trim() !== initial[field].text.trim()) {
      const baisa = text.trim() === '' ? null : baisaOfTyped(text);
      if (baisa !== null && Number.isNaN(baisa)) invalid.money.push(field);
      else edit[field] = baisa;
    }
  }
  for (const field of STAY_FIELDS) {
    const { text, clear } = values[field];
    if (clear) edit[field] = null;
    else if (text.trim() !== initial[field].text.trim()) {
      const n = wholeOfTyped(text);
      if (n !== null && Number.isNaN(n)) invalid.stays.push(field);
      else edit[field] = n;
    }
  }
  for (const field of FLAG_FIELDS) {
    const choice = values[field];
    if (choice === 'leave' || choice === initial[field]) continue;
    edit[field] = choice === 'unset' ? null : choice === 'yes';
  }
  return { edit, invalid };
}
