import { normalizeText } from '@shared/text-normalize';

// The rate a guest asks to book on: its name ("the non-refundable rate", "الإقامة مع الإفطار"), or
// what sets it apart (non-refundable, breakfast included, the flexible one).

/** A plan as the parser knows it: its code, names and what sets it apart. */
export type PlanWords = {
  code: string;
  nameAr: string;
  nameEn: string;
  nonRefundable: boolean;
  breakfastIncluded: boolean;
};

const NON_REFUNDABLE =
  /\bnon ?refundable|\bnot refundable|\bno refunds?\b|غير قابل(ه)? للاسترداد|غير مسترد|بدون استرداد|لا يسترد/;
const BREAKFAST = /\bbreakfast\b|\bb ?& ?b\b|\bbed and breakfast|افطار|فطور/;
const FLEXIBLE = /\bflexible\b|\bstandard rate\b|(^|\s)(ال)?مرن($|\s)/;

/**
 * The plan a text names among `plans` (the ones guests may book, standard first), or null: a
 * plan's whole name first (the hotel's own words), then what sets one plan apart from the others
 * (non-refundable, breakfast, flexible), when exactly one plan has it.
 */
export function findRatePlan(text: string, plans: readonly PlanWords[]): string | null {
  const t = normalizeText(text);
  const named = plans.filter((p) =>
    [p.nameEn, p.nameAr].some((name) => {
      const n = normalizeText(name);
      return n.length >= 3 && t.includes(n);
    }),
  );
  // The longest name wins ("non-refundable rate" over "rate").
  if (named.length > 0) return named.sort((a, b) => longest(b) - longest(a))[0]!.code;
  const only = (pick: (p: PlanWords) => boolean) => {
    const found = plans.filter(pick);
    return found.length === 1 ? found[0]!.code : null;
  };
  if (NON_REFUNDABLE.test(t)) return only((p) => p.nonRefundable);
  if (BREAKFAST.test(t)) return only((p) => p.breakfastIncluded);
  if (FLEXIBLE.test(t))
    return only((p) => !p.nonRefundable && !p.breakfastIncluded) ?? plans[0]?.code ?? null;
  return null;
}

const longest = (p: PlanWords) => Math.max(normalizeText(p.nameEn).length, normalizeText(p.nameAr).length);
