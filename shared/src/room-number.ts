import type { Language } from './constants';
import { toArabicIndicDigits } from './digits';

/**
 * A room's number as the hotel writes it ("204", "A12", "12-B"): the one way every screen, notice
 * and staff alert shows it (docs/decisions/054-one-formatter-for-numbers.md). In Arabic its
 * digits are Arabic-Indic, so a text holds one digit system ("غرفة ٢٠٤ · ٢٥ نوفمبر"): never
 * grouped ("١٠٢٤", not "١٬٠٢٤"), its letters and signs kept ("A١٢"). In English as stored. Isolated
 * left to right (U+2066…U+2069), so "12-B" keeps the order of the door's plate inside an Arabic
 * sentence. Fields where staff type a number keep what is typed (the server makes it Latin).
 */
export function formatRoomNumber(number: string, language: Language): string {
  return `\u2066${language === 'ar' ? toArabicIndicDigits(number) : number}\u2069`;
}
