import type { ReactNode } from 'react';
import { GridList, GridListItem } from 'react-aria-components';

/**
 * The scrolling list of entries beside (tablet) or above (phone) the detail
 * panel: a react-aria GridList, so each row is announced with its label,
 * selected with a press, Enter or Space, walked with the arrow keys, and may
 * hold buttons of its own (the quick Approve and Reject).
 */
export function EntryList<T extends { id: number }>({
  label,
  items,
  selectedId,
  onSelect,
  rowLabel,
  dependencies,
  children,
}: {
  label: string;
  items: T[];
  selectedId: number | null;
  onSelect: (id: number | null) => void;
  rowLabel: (item: T) => string;
  /** Everything else a row shows (language, online state): rows are cached per item otherwise. */
  dependencies: readonly unknown[];
  children: (item: T) => ReactNode;
}) {
  return (
    <GridList
      aria-label={label}
      data-testid="entry-list"
      items={items}
      dependencies={dependencies}
      selectionMode="single"
      selectionBehavior="replace"
      selectedKeys={selectedId === null ? [] : [selectedId]}
      onSelectionChange={(keys) => {
        const [first] = keys === 'all' ? [] : [...keys];
        onSelect(first === undefined ? null : Number(first));
      }}
      className="flex max-h-[55dvh] flex-col gap-2 overflow-y-auto overscroll-contain rounded-2xl border border-sand-200 bg-sand-50 p-2 outline-none md:max-h-[calc(100dvh-12rem)] data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700"
    >
      {(item) => (
        <GridListItem
          id={item.id}
          textValue={rowLabel(item)}
          data-testid="entry"
          data-entry-id={item.id}
          className="flex cursor-pointer flex-col gap-2 rounded-xl border border-sand-200 bg-white p-3 text-start outline-none data-[focus-visible]:outline-3 data-[focus-visible]:-outline-offset-2 data-[focus-visible]:outline-gold-700 data-[hovered]:border-teal-700 data-[selected]:border-teal-700 data-[selected]:bg-teal-50 data-[selected]:ring-2 data-[selected]:ring-teal-700"
        >
          {children(item)}
        </GridListItem>
      )}
    </GridList>
  );
}
