// Whole class names, for Tailwind to find them.
const BORDERS = ['border-t-silver-600', 'border-t-gold-700', 'border-t-diamond-700', 'border-t-deluxe-700'];
const BANDS = ['bg-silver-600', 'bg-gold-700', 'bg-diamond-700', 'bg-deluxe-700'];

/**
 * A room type's colour by its place in the hotel's order (0 first): the first four are the
 * spec's tiers' silver, gold, diamond and deluxe; any further type (or one not found) is teal.
 */
export function typeBorder(position: number | undefined): string {
  return (position === undefined ? undefined : BORDERS[position]) ?? 'border-t-teal-700';
}

/** The band under an offer's name, in its room type's colour (as `typeBorder`). */
export function typeBand(position: number | undefined): string {
  return (position === undefined ? undefined : BANDS[position]) ?? 'bg-teal-700';
}
