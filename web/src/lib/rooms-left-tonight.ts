import { plural } from '@lingui/core/macro';
import type { Language } from '@shared/constants';
import { formatCount } from './format';

/** "1 room left tonight" / "بقيت غرفة واحدة الليلة". */
export function roomsLeftTonight(n: number, language: Language): string {
  const count = formatCount(n, language);
  return plural(n, { one: `${count} room left tonight`, other: `${count} rooms left tonight` });
}
