import type { ComponentType, ReactNode } from 'react';
import type { PhotoOwner } from './get-photos';

export type PhotoManagerProps = {
  owner: PhotoOwner;
  title: ReactNode;
  /** The note on resizing and descriptions; a screen with several managers says it once. */
  showHint?: boolean;
};

/**
 * The photo manager (features/admin/photos) as the inventory, offers and services screens take
 * it: a feature never imports another, so the route table (app/more-routes.tsx) hands it to them
 * as a prop, a lazy chunk of its own (docs/decisions/027-web-layout.md).
 */
export type PhotoManagerSlot = ComponentType<PhotoManagerProps>;
