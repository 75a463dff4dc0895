import { measureElement, useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode, type Ref } from 'react';

/** The height of rows drawn whole (four screens of a tablet held upright, 1,180 px each). */
export const WHOLE_UP_TO_PX = 4 * 1180;

/**
 * Rows drawn as the page scrolls, the window being what scrolls (@tanstack/react-virtual; docs/
 * decisions/087-staff-screens-at-a-full-house.md): which rows are on screen and a few either side,
 * each row measured as drawn, once the rows are taller than four screens (WHOLE_UP_TO_PX).
 * `startRef` goes on the element where the rows start: what is above it in the page (a heading, a
 * flagged list, a summary) moves it, and is read after every render.
 * The back office's long lists and the tape chart's rooms use it (kept here, with the library,
 * out of the guest's code and precache).
 */
export function useWindowRows<E extends HTMLElement>({
  count,
  estimateSize,
  overscan,
  getItemKey,
}: {
  count: number;
  /** A row's height in px before it is measured. */
  estimateSize: (index: number) => number;
  overscan: number;
  getItemKey?: (index: number) => string | number;
}) {
  const startRef = useRef<E>(null);
  const [offset, setOffset] = useState(0);
  // After every render (what moves it is outside the rows): set only when it moved, so it settles.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const top = startRef.current ? startRef.current.getBoundingClientRect().top + window.scrollY : 0;
    if (Math.abs(top - offset) >= 1) setOffset(top);
  });
  // Up to four tablet screens of rows, every row is drawn: cheap, and the page stays whole for the
  // browser's find, print and a screen reader's reading; beyond, only those on screen.
  let height = 0;
  for (let i = 0; i < count && height <= WHOLE_UP_TO_PX; i++) height += estimateSize(i);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize,
    overscan: height > WHOLE_UP_TO_PX ? overscan : count,
    scrollMargin: offset,
    ...(getItemKey && { getItemKey }),
    // A row is never 0 px tall where it is laid out: 0 means no layout at all (a test's DOM), where
    // the estimate stands in, so that every row keeps its own place.
    measureElement: (element, entry, instance) =>
      measureElement(element, entry, instance) || estimateSize(Number(element.getAttribute('data-index'))),
  });
  return { virtualizer, startRef };
}

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
 * the page, the rest stand as the list's height (docs/decisions/087-staff-screens-at-a-full-house.md;
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
  const { virtualizer, startRef } = useWindowRows<HTMLUListElement>({
    count: items.length,
    estimateSize: () => estimateHeight,
    overscan: 4,
    getItemKey: (index) => itemKey(items[index]!),
  });
  return (
    <ul
      ref={startRef}
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
