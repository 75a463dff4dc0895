import { measureElement, useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode, type Ref } from 'react';

/** What a drawn item's element must carry: its place, its measure and where it sits in the list. */
export type WindowListItemProps = {
  ref: Ref<HTMLLIElement>;
  style: CSSProperties;
  'data-index': number;
  'aria-setsize': number;
  'aria-posinset': number;
};

/**
 * A long list drawn as the page scrolls: only the items on screen (and a few either side) are in
 * the page, the rest stand as the list's height (docs/decisions/086-staff-screens-at-a-full-house.md;
 * @tanstack/react-virtual, the window being what scrolls). A full house's 120 stays on the desk
 * draw about a dozen rows, not 120 with their buttons and menus.
 *
 * `renderItem` returns the item's own `<li>` with the props it is handed spread on it (its
 * position, the ref that measures its height, which may differ from one item to the next, and its
 * place in the whole list for assistive technology: `aria-setsize` and `aria-posinset`). Finding a
 * row is the screen's search, not the browser's find-in-page.
 */
export function WindowList<T>({
  items,
  itemKey,
  estimateHeight,
  renderItem,
  className,
  ...rest
}: {
  items: readonly T[];
  itemKey: (item: T) => string | number;
  /** A typical item's height in px, before it is measured. */
  estimateHeight: number;
  renderItem: (item: T, props: WindowListItemProps) => ReactNode;
  className?: string;
  'data-testid'?: string;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  // Where the list starts in the page: what is above it (a flagged list, a summary) moves it.
  const [offset, setOffset] = useState(0);
  // After every render (what moves it is outside this list): set only when it moved, so it settles.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const top = listRef.current ? listRef.current.getBoundingClientRect().top + window.scrollY : 0;
    if (Math.abs(top - offset) >= 1) setOffset(top);
  });
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => estimateHeight,
    overscan: 4,
    scrollMargin: offset,
    getItemKey: (index) => itemKey(items[index]!),
    // A row is never 0 px tall where it is laid out: 0 means no layout at all (a test's DOM), where
    // the estimate stands in, so that every row keeps its own place.
    measureElement: (element, entry, instance) => measureElement(element, entry, instance) || estimateHeight,
  });
  return (
    <ul
      ref={listRef}
      className={className}
      style={{ position: 'relative', height: virtualizer.getTotalSize() }}
      data-testid={rest['data-testid']}
    >
      {virtualizer.getVirtualItems().map((row) =>
        renderItem(items[row.index]!, {
          ref: virtualizer.measureElement,
          style: {
            position: 'absolute',
            top: 0,
            insetInlineStart: 0,
            width: '100%',
            transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
          },
          'data-index': row.index,
          'aria-setsize': items.length,
          'aria-posinset': row.index + 1,
        }),
      )}
    </ul>
  );
}
