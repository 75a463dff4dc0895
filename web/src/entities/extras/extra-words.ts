import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ExtraChannel, ExtraKind } from '@shared/extras';

/**
 * The extras' words every screen shares (docs/decisions/098-stay-extras.md): each kind of offer and
 * each channel an offer was made on, in the reader's language.
 */
const KIND: Record<ExtraKind, MessageDescriptor> = {
  upgrade: msg({ message: 'Room upgrade', context: 'extras' }),
  early_check_in: msg({ message: 'Early check-in', context: 'extras' }),
  late_check_out: msg({ message: 'Late check-out', context: 'extras' }),
  breakfast: msg({ message: 'Breakfast', context: 'extras' }),
  transfer: msg({ message: 'Airport transfer', context: 'extras' }),
  other: msg({ message: 'Other extra', context: 'extras' }),
};

const CHANNEL: Record<ExtraChannel, MessageDescriptor> = {
  app: msg({ message: 'App', context: 'extras' }),
  whatsapp: msg({ message: 'WhatsApp link', context: 'extras' }),
  desk: msg({ message: 'Front desk', context: 'extras' }),
};

export const extraKindLabel = (i18n: I18n, kind: ExtraKind) => i18n._(KIND[kind]);
export const extraChannelLabel = (i18n: I18n, channel: ExtraChannel) => i18n._(CHANNEL[channel]);
