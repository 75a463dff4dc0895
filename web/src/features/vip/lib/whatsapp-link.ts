/**
 * A messaging-app hand-off (spec: VIP cards are bought by a prefilled message
 * to the hotel): wa.me wants the number in international form, digits only.
 */
export function whatsappLink(phone: string, message: string): string {
  const digits = phone.replace(/\D/g, '');
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}

/** The discount rows of a card, largest discount last, without empty rows. */
export function discountRows(discounts: readonly { percent: number; rooms: number }[]) {
  return discounts.filter((d) => d.rooms > 0 && d.percent > 0).toSorted((a, b) => a.percent - b.percent);
}
