// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type AdminTableColumn, AdminTable } from './admin-table';

afterEach(cleanup);

type Row = { id: number; number: string; total: string };
const rows: Row[] = [
  { id: 1, number: 'INV-1', total: '16.600' },
  { id: 2, number: 'INV-2', total: '5.000' },
];
const columns: AdminTableColumn<Row>[] = [
  { id: 'number', header: 'Number', isRowHeader: true, cell: (r) => r.number },
  { id: 'total', header: 'Total', align: 'end', className: 'tabular-nums', cell: (r) => r.total },
  {
    id: 'actions',
    header: 'Actions',
    cell: (r) => (
      <>
        <a href={`/invoices/${r.id}`}>Open {r.number}</a> <button type="button">Credit {r.number}</button>
      </>
    ),
  },
];

describe('AdminTable', () => {
  it('is a table (not a grid) named by its caption, with column headers and rows named by their row header', () => {
    render(
      <AdminTable
        look="card"
        caption="Invoices of November"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ 'data-testid': 'invoice-row', 'data-number': r.number })}
      />,
    );
    const table = screen.getByRole('table', { name: 'Invoices of November' });
    expect(screen.queryByRole('grid')).toBeNull();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Number', 'Total', 'Actions']);
    for (const header of within(table).getAllByRole('columnheader'))
      expect(header.getAttribute('scope')).toBe('col');
    const row = within(table).getByRole('row', { name: /INV-2/ });
    expect(within(row).getByRole('rowheader').textContent).toBe('INV-2');
    expect(within(row).getByRole('rowheader').getAttribute('scope')).toBe('row');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['5.000', 'Open INV-2 Credit INV-2']);
    // A row's own attributes (journeys find rows by them).
    expect(screen.getAllByTestId('invoice-row').map((r) => r.dataset.number)).toEqual(['INV-1', 'INV-2']);
  });

  it('aligns by the reading direction only (start/end), so Arabic mirrors it', () => {
    const { container } = render(
      <div dir="rtl">
        <AdminTable look="ruled" columns={columns} rows={rows} rowKey={(r) => r.id} />
      </div>,
    );
    const [number, total] = screen.getAllByRole('columnheader');
    expect(number!.className.split(' ')).toContain('text-start');
    expect(total!.className.split(' ')).toContain('text-end');
    expect(screen.getAllByRole('cell')[0]!.className.split(' ')).toEqual(
      expect.arrayContaining(['text-end', 'tabular-nums']),
    );
    expect(container.innerHTML).not.toMatch(/text-(left|right)|\b[mp][lr]-/);
  });

  it('a wide table scrolls in a named region the keyboard reaches, and every link and button in it is its own Tab stop', () => {
    render(
      <AdminTable
        look="card"
        region={{ label: 'Invoices found' }}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
      />,
    );
    const region = screen.getByRole('region', { name: 'Invoices found' });
    expect(region.tabIndex).toBe(0);
    expect(within(region).getByRole('table')).toBeTruthy();
    // No roving focus as in an ARIA grid: nothing in the table is taken out of the Tab order.
    const actions = [...within(region).getAllByRole('link'), ...within(region).getAllByRole('button')];
    expect(actions).toHaveLength(4);
    for (const action of actions) expect(action.tabIndex).toBe(0);
    expect(region.querySelectorAll('[tabindex="-1"]')).toHaveLength(0);
  });

  it('a region can be named by the heading that names its figures; without a region the table takes no focus', () => {
    render(
      <>
        <h2 id="figures-title">Occupancy</h2>
        <AdminTable
          look="figures"
          region={{ labelledBy: 'figures-title' }}
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
        />
        <AdminTable look="list" caption="Registrations" columns={columns} rows={[]} rowKey={(r) => r.id} />
      </>,
    );
    expect(screen.getByRole('region', { name: 'Occupancy' })).toBeTruthy();
    expect(screen.getAllByRole('region')).toHaveLength(1);
    const empty = screen.getByRole('table', { name: 'Registrations' });
    expect(empty.parentElement!.hasAttribute('tabindex')).toBe(false);
    // Only its header row.
    expect(within(empty).getAllByRole('row')).toHaveLength(1);
  });
});
