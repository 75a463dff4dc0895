import type { DocumentKind, InvoiceLine, InvoiceTaxTotal, TaxAmount } from '@shared/folio';
import { documentTaxes, taxesInForce, type FolioDepartment, type Tax } from '@shared/taxes';

/**
 * A document's lines and taxes as issued (decisions 066 and 068): each tax's total, computed once
 * on the document's base, and the document's rounding as lines of its own, on the document and
 * (`folioRoundingsOf`) on its folio.
 */

/**
 * Each tax's total over the lines, per code and rate, with its base: the net, or the net and the
 * taxes before it on the line for a tax charged on them (VAT on the levy). The rate is the one in
 * force on each line's business date, as the line was split with.
 */
export function taxTotalsOf(lines: readonly InvoiceLine[], taxes: readonly Tax[]): InvoiceTaxTotal[] {
  const totals = new Map<string, InvoiceTaxTotal>();
  for (const line of lines) {
    const inForce = taxesInForce(taxes, line.department, line.businessDate);
    let earlier = 0;
    for (const tax of line.taxes) {
      const rule = inForce.find((t) => t.code === tax.code) ?? taxes.find((t) => t.code === tax.code);
      const base = rule?.onEarlierTaxes ? line.netBaisa + earlier : line.netBaisa;
      const rateBp = rule?.rateBp ?? (base === 0 ? 0 : Math.round((tax.amountBaisa * 10_000) / base));
      earlier += tax.amountBaisa;
      const key = `${tax.code}|${rateBp}`;
      const total = totals.get(key) ?? {
        code: tax.code,
        nameAr: rule?.nameAr ?? tax.code,
        nameEn: rule?.nameEn ?? tax.code,
        rateBp,
        baseBaisa: 0,
        amountBaisa: 0,
      };
      total.baseBaisa += base;
      total.amountBaisa += tax.amountBaisa;
      totals.set(key, total);
    }
  }
  return [...totals.values()];
}

/** A document's rounding as the folio books it (`folio_roundings`), signed as the folio keeps it. */
export type FolioRounding = {
  department: FolioDepartment;
  netBaisa: number;
  taxes: TaxAmount[];
  roundingBaisa: number;
};

/**
 * A document's lines and tax totals as issued (decision 068, "One truth"): its lines are the folio's
 * (or, on a credit note, the parts credited) exactly as given; each tax is computed once on the
 * document's base per code and rate and rounded once (EN 16931 BR-CO-17, `documentTaxes`); and
 * what that one rounding moved is a line of its own, one per set of taxes (lines of the same taxes
 * and rates; the department of its largest line): its net and each tax the difference between the
 * document's split and the lines' own, amount 0, with the payable rounding (`roundingBaisa`) when
 * no whole-baisa net reaches the total. So the lines add up to the document, the bases of each tax
 * are exact (a set of taxes bears its own difference), and the folio books the same rounding lines
 * (`roundings`, a credit note's negated) in the document's batch, dated `businessDate`.
 *
 * @example
 * const doc = documentOf(lines, settings.taxes, room, '2026-03-10');
 * doc.lines.filter((l) => l.rounding); // the rounding lines, if any
 */
export function documentOf(
  lines: readonly InvoiceLine[],
  taxes: readonly Tax[],
  room: RoomName | undefined,
  businessDate: string,
): { lines: InvoiceLine[]; taxTotals: InvoiceTaxTotal[] } {
  const named = taxTotalsOf(lines, taxes);
  const rules = lines.map((line) => {
    const inForce = taxesInForce(taxes, line.department, line.businessDate);
    return line.taxes.map((t) => {
      const rule = inForce.find((r) => r.code === t.code) ?? taxes.find((r) => r.code === t.code);
      const rateBp = rule?.rateBp ?? named.find((n) => n.code === t.code)?.rateBp ?? 0;
      return {
        code: t.code,
        amountBaisa: t.amountBaisa,
        rateBp,
        onEarlierTaxes: rule?.onEarlierTaxes ?? false,
      };
    });
  });
  const priced = documentTaxes(
    lines.map((l, i) => ({ amountBaisa: l.amountBaisa, netBaisa: l.netBaisa, taxes: rules[i]! })),
  );
  // The lines of the same taxes (codes, rates, order) bear their difference together.
  type TaxSet = { largest: number; net: number; taxes: number[]; rounding: number };
  const sets = new Map<string, TaxSet>();
  lines.forEach((line, i) => {
    const key = rules[i]!.map((r) => `${r.code}|${r.rateBp}|${r.onEarlierTaxes}`).join(',');
    const p = priced.lines[i]!;
    const set = sets.get(key) ?? { largest: i, net: 0, taxes: rules[i]!.map(() => 0), rounding: 0 };
    if (Math.abs(line.amountBaisa) > Math.abs(lines[set.largest]!.amountBaisa)) set.largest = i;
    set.net += p.netBaisa - line.netBaisa;
    p.taxes.forEach((t, j) => (set.taxes[j]! += t.amountBaisa - line.taxes[j]!.amountBaisa));
    set.rounding += p.roundingBaisa;
    sets.set(key, set);
  });
  const roundings: InvoiceLine[] = [...sets.values()]
    .filter((set) => set.net !== 0 || set.rounding !== 0 || set.taxes.some((t) => t !== 0))
    .map((set) => ({
      folioLineId: 0,
      rounding: true as const,
      department: lines[set.largest]!.department,
      description: '',
      quantity: 1,
      businessDate,
      netBaisa: set.net,
      taxes: rules[set.largest]!.map((r, j) => ({
        code: r.code,
        amountBaisa: set.taxes[j]!,
        rateBp: r.rateBp,
      })),
      amountBaisa: 0,
      ...(set.rounding ? { roundingBaisa: set.rounding } : {}),
    }));
  return {
    lines: [
      // A room night names the booking's room type (and its night, from the folio line).
      ...lines.map((l) => ({ ...l, ...(l.department === 'room' && room ? room : {}) })),
      ...roundings,
    ],
    taxTotals: priced.totals.map((t) => {
      const name =
        named.find((n) => n.code === t.code && n.rateBp === t.rateBp) ?? named.find((n) => n.code === t.code);
      return {
        code: t.code,
        nameAr: name?.nameAr ?? t.code,
        nameEn: name?.nameEn ?? t.code,
        rateBp: t.rateBp,
        baseBaisa: t.baseBaisa,
        amountBaisa: t.amountBaisa,
      };
    }),
  };
}

/**
 * A document's rounding lines as its folio books them: a credit note's negated (its corrections
 * carry the minus), each with its net, taxes and payable rounding (net + taxes + rounding = 0).
 */
export function folioRoundingsOf(doc: {
  kind: DocumentKind;
  lines: readonly InvoiceLine[];
}): FolioRounding[] {
  const sign = doc.kind === 'credit_note' ? -1 : 1;
  return doc.lines
    .filter((l) => l.rounding)
    .map((l) => ({
      department: l.department,
      netBaisa: sign * l.netBaisa,
      taxes: l.taxes.map((t) => ({ code: t.code, amountBaisa: sign * t.amountBaisa })),
      roundingBaisa: sign * (l.roundingBaisa ?? 0),
    }));
}

/** The booking's room type as a room night's line names it. */
type RoomName = { roomNameEn: string; roomNameAr: string };
/** The room type a document's room nights name (a credit note's: its invoice's). */
export const roomNameOf = (lines: readonly InvoiceLine[]): RoomName | undefined => {
  const named = lines.find((l) => l.roomNameEn !== undefined);
  return named
    ? { roomNameEn: named.roomNameEn!, roomNameAr: named.roomNameAr ?? named.roomNameEn! }
    : undefined;
};
