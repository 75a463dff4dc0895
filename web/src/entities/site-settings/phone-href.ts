/** A tel: link for a phone number as the hotel typed it (digits and a leading +). */
export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
