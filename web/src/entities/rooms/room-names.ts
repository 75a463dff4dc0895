import { useCallback } from 'react';
import type { Language } from '@shared/constants';
import { useLanguage } from '@/hooks/use-language';
import { useRoomTypes } from './get-room-types';

type Named = { code: string; nameAr: string; nameEn: string };

/**
 * A room type's name in `language`, from the hotel's data (GET /api/room-types). The code itself
 * while the types are not known (a first visit offline) or for a type no longer listed.
 */
export function roomTypeName(types: readonly Named[] | undefined, code: string, language: Language): string {
  // An answer not in the expected shape (an old cache, a stand-in server) names nothing.
  const type = Array.isArray(types) ? types.find((t) => t.code === code) : undefined;
  if (!type) return code;
  return language === 'ar' ? type.nameAr : type.nameEn;
}

/**
 * The room types' names for screens that show a type without its catalogue card at hand (booking
 * cards, forms, lists): `const roomName = useRoomName(); roomName(booking.roomType)`.
 */
export function useRoomName(): (code: string) => string {
  const language = useLanguage();
  const types = useRoomTypes().data;
  return useCallback((code) => roomTypeName(types, code, language), [types, language]);
}
