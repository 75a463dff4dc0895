import type { Key, ReactNode } from 'react';

/**
 * The back office's one list table: a plain `<table>` (role "table", cells read by a screen reader
 * as a table's, every link and button in it a stop of its own for Tab), drawn from columns.
 *
 * Why not react-aria's `Table`: it is an ARIA grid (role "grid", one Tab stop, arrows move between
 * cells, a cell's links and buttons reached only by arrows). The admin lists are read, not edited
 * cell by cell; their journeys and screen reader users find them as tables by name, and the
 * statistics' figures are the accessible form of a chart. So the semantics stay HTML's, in one place:
 * the scroll region that takes focus (axe scrollable-region-focusable), the caption, `scope` on
 * every header, row headers, start/end alignment that follows the reading direction.
 *
 * A look is one of the ways the screens draw a table (card on its own, inside a section, ruled lines,
 * a chart's figures, the registration list); a screen picks one and adds only its widths.
 */
export type AdminTableLook = 'card' | 'section' | 'ruled' | 'figures' | 'list';

export interface AdminTableColumn<Row> {
  /** Unique among the table's columns (React's key). */
  id: string;
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  /** 'end' for amounts and figures (right in English, left in Arabic); 'start' by default. */
  align?: 'start' | 'end';
  /** The row's header (`<th scope="row">`): what names the row for a screen reader. */
  isRowHeader?: boolean;
  /** More classes on this column's cells (not its header). */
  className?: string;
}

/** Attributes a row may carry: `data-*` for tests and journeys, and its own classes. */
export type AdminTableRowProps = { className?: string } & { [data: `data-${string}`]: string | undefined };

interface Look {
  wrapper: string;
  /** The wrapper when it is a focusable scroll region. */
  region: string;
  table: string;
  head?: string;
  headRow?: string;
  header: string;
  body?: string;
  row?: string;
  cell: string;
  rowHeader: string;
}

const FOCUS_RING =
  'outline-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-700';

const LOOKS: Record<AdminTableLook, Look> = {
  // A table on its own card: invoices, the audit log, the statistics' figures of the period.
  card: {
    wrapper: 'overflow-x-auto rounded-2xl border border-sand-200 bg-white shadow-sm',
    region: `overflow-x-auto rounded-2xl border border-sand-200 bg-white shadow-sm ${FOCUS_RING}`,
    table: 'w-full border-collapse text-start',
    head: 'bg-sand-100 text-slate-800',
    header: 'px-3 py-2 font-bold',
    row: 'border-t border-sand-200 align-top',
    cell: 'px-3 py-2',
    rowHeader: 'px-3 py-2 text-start font-semibold text-slate-900',
  },
  // A table inside a section that is already a card (the day close's online payments).
  section: {
    wrapper: 'overflow-x-auto',
    region: `overflow-x-auto ${FOCUS_RING}`,
    table: 'w-full border-collapse text-start',
    head: 'text-slate-700',
    header: 'px-3 py-2 font-semibold',
    row: 'border-t border-sand-100',
    cell: 'px-3 py-2',
    rowHeader: 'px-3 py-2 text-start font-semibold',
  },
  // Ruled lines, no padding at the sides (the tax report, a company's statement).
  ruled: {
    wrapper: 'overflow-x-auto',
    region: `overflow-x-auto ${FOCUS_RING}`,
    table: 'w-full',
    headRow: 'border-b border-sand-200 text-slate-700',
    header: 'py-2 font-semibold',
    row: 'border-b border-sand-100',
    cell: 'py-2',
    rowHeader: 'py-2 text-start font-semibold',
  },
  // A chart's figures under its drawing: small, the header stays while the figures scroll.
  figures: {
    wrapper: 'mt-2 max-h-80 overflow-auto rounded-lg',
    region:
      'mt-2 max-h-80 overflow-auto rounded-lg outline-none focus-visible:outline-3 focus-visible:outline-gold-700',
    table: 'w-full border-collapse text-start',
    head: 'sticky top-0 bg-sand-100',
    header: 'px-2 py-1.5 font-bold text-slate-800',
    row: 'border-t border-sand-100',
    cell: 'px-2 py-1 text-slate-900',
    rowHeader: 'px-2 py-1 text-start font-normal text-slate-900',
  },
  // Roomy rows divided by lines (the guest registration list).
  list: {
    wrapper: 'overflow-x-auto rounded-2xl border border-sand-200 bg-white',
    region: `overflow-x-auto rounded-2xl border border-sand-200 bg-white ${FOCUS_RING}`,
    table: 'w-full text-start',
    head: 'bg-sand-50 text-slate-800',
    header: 'p-3',
    body: 'divide-y divide-sand-200',
    cell: 'p-3',
    rowHeader: 'p-3 text-start font-semibold',
  },
};

const join = (...classes: (string | undefined | false)[]) => classes.filter(Boolean).join(' ');

export function AdminTable<Row>({
  look,
  columns,
  rows,
  rowKey,
  rowProps,
  caption,
  region,
  className,
}: {
  look: AdminTableLook;
  columns: AdminTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => Key;
  rowProps?: (row: Row) => AdminTableRowProps;
  /** The table's name for a screen reader (a caption only it reads). */
  caption?: ReactNode;
  /**
   * The wrapper as a scroll region that takes focus, so a keyboard scrolls a wide table on a phone:
   * named by `label` or by the element `labelledBy` names.
   */
  region?: { label: string } | { labelledBy: string };
  /** More classes on the `<table>`: its least width, its text size. */
  className?: string;
}) {
  const style = LOOKS[look];
  const table = (
    <table className={join(style.table, className)}>
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      <thead className={style.head}>
        <tr className={style.headRow}>
          {columns.map((column) => (
            <th
              key={column.id}
              scope="col"
              className={join(style.header, column.align === 'end' ? 'text-end' : 'text-start')}
            >
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={style.body}>
        {rows.map((row, index) => {
          const { className: rowClassName, ...data } = rowProps?.(row) ?? {};
          return (
            <tr key={rowKey(row, index)} className={rowClassName ?? style.row} {...data}>
              {columns.map((column) => {
                const classes = column.isRowHeader
                  ? join(style.rowHeader, column.className)
                  : join(style.cell, column.align === 'end' && 'text-end', column.className);
                return column.isRowHeader ? (
                  <th key={column.id} scope="row" className={classes}>
                    {column.cell(row, index)}
                  </th>
                ) : (
                  <td key={column.id} className={classes}>
                    {column.cell(row, index)}
                  </td>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
  // Positioned, so what is hidden for screen readers (the caption, a row's words: position absolute)
  // is clipped with the table, not laid out beyond the page (an Arabic page 610 px wide at 390).
  if (!region) return <div className={join('relative', style.wrapper)}>{table}</div>;
  return (
    <div
      role="region"
      aria-label={'label' in region ? region.label : undefined}
      aria-labelledby={'labelledBy' in region ? region.labelledBy : undefined}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus (WCAG 2.1.1)
      tabIndex={0}
      className={join('relative', style.region)}
    >
      {table}
    </div>
  );
}
