import { useCallback, useMemo } from 'react';
import type { Language } from '@shared/constants';
import { useLanguage } from '@/hooks/use-language';
import { useAllRoomTypes, useRoomTypes } from './get-room-types';

/** What naming a type needs (`active`: false for a type the hotel retired). */
export type Named = { code: string; nameAr: string; nameEn: string; active?: boolean };

/**
 * A room type's name in `language`, from the hotel's data (GET /api/room-types; `useNamedRoomTypes`
 * for retired types too). The code itself while the types are not known (a first visit offline)
 * or for a type not in `types`.
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
  const types = useNamedRoomTypes();
  return useCallback((code) => roomTypeName(types, code, language), [types, language]);
}

/**
 * The types to name bookings by: every type the hotel has had, retired ones too (GET
 * /api/room-types?all=1, persisted like the rest), so a stay of a type no longer sold keeps its
 * name; the active types stand in while that list loads.
 */
export function useNamedRoomTypes(): readonly Named[] | undefined {
  const active = useRoomTypes().data;
  const all = useAllRoomTypes().data;
  return useMemo(() => {
    const known = Array.isArray(active) ? active : [];
    const retired = Array.isArray(all) ? all.filter((t) => !known.some((k) => k.code === t.code)) : [];
    return active === undefined && all === undefined ? undefined : [...known, ...retired];
  }, [active, all]);
}
