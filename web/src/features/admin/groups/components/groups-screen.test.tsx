// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GroupDetail, GroupList } from '@shared/group-schemas';
import { authKeys } from '@/entities/session/auth-keys';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { GroupsScreen } from './groups-screen';
import { GroupView } from './group-screen';

const group = {
  id: 7,
  name: 'Oman LNG delegation',
  companyId: 3,
  companyName: 'Oman LNG',
  ratePlan: 'corporate',
  status: 'definite' as const,
  releaseDate: '2026-12-07',
  billing: 'master' as const,
  releasedAt: null,
  cancelledAt: null,
};
const list: GroupList = {
  groups: [
    { ...group, firstNight: '2026-12-10', lastNight: '2026-12-12', held: 18, pickedUp: 6 },
    {
      ...group,
      id: 8,
      name: 'Al Said wedding',
      companyId: null,
      companyName: null,
      status: 'tentative',
      billing: 'individual',
      releasedAt: '2026-11-20T03:00:00.000Z',
      firstNight: '2026-12-20',
      lastNight: '2026-12-21',
      held: 4,
      pickedUp: 0,
    },
  ],
  page: 1,
  hasMore: false,
};
const detail: GroupDetail = {
  group,
  nights: ['2026-12-10', '2026-12-11', '2026-12-12'].map((date) => ({
    date,
    roomType: 'gold',
    held: 6,
    pickedUp: date === '2026-12-12' ? 1 : 2,
  })),
  members: [
    {
      bookingId: 91,
      reference: 'K7MQ4PX',
      fullName: 'سعيد بن سالم الهنائي',
      roomType: 'gold',
      checkInDate: '2026-12-10',
      checkOutDate: '2026-12-13',
      status: 'confirmed',
    },
  ],
};
const types = [
  { code: 'gold', nameAr: 'الغرفة الذهبية', nameEn: 'Gold Room', active: true },
  { code: 'silver', nameAr: 'الغرفة الفضية', nameEn: 'Silver Room', active: true },
];
const folio = {
  balanceBaisa: 156_000,
  lines: [
    {
      id: 1,
      kind: 'charge',
      businessDate: '2026-12-10',
      department: 'room',
      description: 'Room night',
      quantity: 1,
      amountBaisa: 52_000,
      taxes: [{ code: 'vat', amountBaisa: 2_476 }],
      correctsLineId: null,
      refundsLineId: null,
      method: null,
      reference: null,
      createdAt: '2026-12-11T03:00:00.000Z',
      invoiceId: null as number | null,
      // The member it is for (the group's folio holds every member's nights).
      bookingId: 31,
      bookingReference: 'K7MQ4PX',
      guestName: 'Salim Al Harthy',
    },
  ],
  invoices: [] as { id: number; number: string }[],
};

let sent: { method: string; path: string; body: unknown }[] = [];
let morePages = false;
let roomingAnswer: { status: number; body: unknown } = { status: 200, body: {} };
let patchAnswer: { status: number; body: unknown } = { status: 200, body: {} };

beforeEach(() => {
  if (typeof CSS === 'undefined' || !CSS.escape) {
    vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
  }
  sent = [];
  morePages = false;
  roomingAnswer = { status: 201, body: { message: 'Booked', ...detail } };
  patchAnswer = { status: 200, body: { message: 'Saved', ...detail } };
  // The API stands in for the server (only in this unit test).
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url, 'http://localhost');
    const answer = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (request.method !== 'GET') {
      const body: unknown = await request.json().catch(() => null);
      sent.push({ method: request.method, path: url.pathname, body });
      if (url.pathname.endsWith('/rooming-list')) return answer(roomingAnswer.body, roomingAnswer.status);
      if (request.method === 'PATCH') return answer(patchAnswer.body, patchAnswer.status);
      if (url.pathname.endsWith('/folio/invoices'))
        return answer({ message: 'Issued', invoice: { id: 44, number: 'INV-2026-000044' } });
      if (url.pathname.endsWith('/release'))
        return answer({
          message: 'Released',
          ...detail,
          group: { ...group, releasedAt: '2026-11-26T17:00:00Z' },
        });
      return answer({ message: 'Saved', ...detail });
    }
    if (url.pathname === '/api/admin/groups')
      return url.searchParams.get('page') === '2'
        ? answer({
            groups: [{ ...list.groups[1]!, id: 5, name: 'Muscat marathon' }],
            page: 2,
            hasMore: false,
          })
        : answer({ ...list, hasMore: morePages });
    if (url.pathname === '/api/admin/groups/7') return answer(detail);
    if (url.pathname === '/api/admin/groups/7/folio') return answer(folio);
    if (url.pathname === '/api/room-types') return answer(types);
    if (url.pathname === '/api/admin/city-ledger')
      return answer({ accounts: [{ id: 3, name: 'Oman LNG', active: true, kind: 'company' }] });
    if (url.pathname === '/api/admin/rate-plans')
      return answer({
        ratePlans: [
          {
            code: 'corporate',
            nameAr: 'سعر الشركات',
            nameEn: 'Corporate',
            active: true,
            public: false,
            roomTypes: ['gold'],
          },
        ],
      });
    return answer([]);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(language: 'ar' | 'en', ui: React.ReactNode) {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(authKeys.me(), { id: 1, email: 'boss@example.com', role: 'manager', fullName: 'Boss' });
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>{ui}</I18nProvider>
    </QueryClientProvider>,
  );
}

describe('the groups list', () => {
  it('names each block, its company, nights, state and room nights held / picked up', async () => {
    show('en', <GroupsScreen />);
    const rows = await screen.findAllByTestId('group-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Oman LNG delegation');
    expect(rows[0]!.textContent).toContain('Oman LNG');
    expect(within(rows[0]!).getByTestId('group-state').textContent).toBe('Definite');
    expect(within(rows[0]!).getByTestId('group-totals').textContent).toBe('18 / 6');
    expect(within(rows[1]!).getByTestId('group-state').textContent).toBe('Released');
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe('/admin/groups/7');
  }, 20_000);

  it('earlier blocks a page at a time', async () => {
    morePages = true;
    show('en', <GroupsScreen />);
    expect(await screen.findAllByTestId('group-row')).toHaveLength(2);
    fireEvent.click(screen.getByTestId('groups-more'));
    await waitFor(() => expect(screen.getAllByTestId('group-row')).toHaveLength(3));
    expect(screen.getAllByTestId('group-row')[2]!.textContent).toContain('Muscat marathon');
    expect(screen.queryByTestId('groups-more')).toBeNull();
  }, 20_000);

  it('in Arabic', async () => {
    show('ar', <GroupsScreen />);
    const rows = await screen.findAllByTestId('group-row');
    expect(within(rows[0]!).getByTestId('group-state').textContent).toBe('مؤكدة');
    expect(within(rows[0]!).getByTestId('group-totals').textContent).toBe('١٨ / ٦');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('المجموعات والكتل');
  }, 20_000);

  it('a new block refused by the device names the field in the page’s language; the server’s refusal is shown', async () => {
    show('ar', <GroupsScreen />);
    fireEvent.click(await screen.findByTestId('group-new'));
    fireEvent.click(await screen.findByTestId('group-save'));
    const name = await screen.findByRole('textbox', { name: /اسم المجموعة/ });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(sent).toHaveLength(0);
  }, 20_000);

  it('a line of a type the plan does not sell is said on the line as it is chosen, and not sent', async () => {
    show('en', <GroupsScreen />);
    fireEvent.click(await screen.findByTestId('group-new'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Group name/ }), {
      target: { value: 'Oman LNG delegation' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /Rate plan/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Corporate (private)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /Room type/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Silver Room' }));
    const line = within(dialog).getByTestId('group-room-line');
    await waitFor(() =>
      expect(line.textContent).toContain('The plan “Corporate” does not sell this room type'),
    );
    fireEvent.click(within(dialog).getByTestId('group-save'));
    await new Promise((r) => setTimeout(r, 50));
    expect(sent).toHaveLength(0);
    // The type it sells: the line is right, and the block is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: /Room type/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Gold Room' }));
    await waitFor(() => expect(line.textContent).not.toContain('does not sell'));
    fireEvent.click(within(dialog).getByTestId('group-save'));
    await waitFor(() => expect(sent.map((s) => s.method)).toEqual(['POST']));
  }, 20_000);
});

describe('a block', () => {
  it('shows held and picked up per night, its guests, and releases after asking', async () => {
    show('en', <GroupView id={7} />);
    const nights = await screen.findAllByTestId('group-night');
    expect(nights.map((n) => n.getAttribute('data-night'))).toEqual([
      '2026-12-10',
      '2026-12-11',
      '2026-12-12',
    ]);
    expect(within(nights[0]!).getByTestId('night-held').textContent).toBe('6');
    expect(within(nights[2]!).getByTestId('night-picked-up').textContent).toBe('1');
    expect(screen.getByTestId('group-totals').textContent).toBe('18 / 5');
    expect(screen.getByTestId('group-members').textContent).toContain('سعيد بن سالم الهنائي');
    fireEvent.click(screen.getByTestId('group-release'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Release the block now?');
    expect(sent).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('confirm-step'));
    await waitFor(() => expect(sent.map((s) => s.path)).toEqual(['/api/admin/groups/7/release']));
    await waitFor(() => expect(screen.getByTestId('group-state').textContent).toBe('Released'));
  }, 20_000);

  it('in Arabic: the grid’s figures and the cancel question', async () => {
    show('ar', <GroupView id={7} />);
    const nights = await screen.findAllByTestId('group-night');
    expect(within(nights[0]!).getByTestId('night-picked-up').textContent).toBe('٢');
    fireEvent.click(screen.getByTestId('group-cancel'));
    expect((await screen.findByRole('dialog')).textContent).toContain('إلغاء الكتلة؟');
  }, 20_000);

  it('a pasted rooming list of Arabic names is sent as one list; lines that do not fit are marked', async () => {
    roomingAnswer = {
      status: 409,
      body: { error: { code: 'block_exceeded', message: 'Two lines do not fit', lines: [1] } },
    };
    show('en', <GroupView id={7} />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Rooming list' }));
    const paste = await screen.findByRole('textbox', { name: /Paste the list/ });
    fireEvent.change(paste, {
      target: { value: 'سعيد الهنائي\t91234567\tgold\t2\nمريم الكندي, , ذهبية, ١' },
    });
    fireEvent.click(screen.getByTestId('rooming-paste-add'));
    expect(screen.getAllByTestId('rooming-row')).toHaveLength(2);
    expect((screen.getByRole('textbox', { name: 'Guest name, line 2' }) as HTMLInputElement).value).toBe(
      'مريم الكندي',
    );
    fireEvent.click(screen.getByTestId('rooming-book'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      path: '/api/admin/groups/7/rooming-list',
      body: {
        guests: [
          { fullName: 'سعيد الهنائي', roomType: 'gold', adults: 2, phoneNumber: '91234567' },
          { fullName: 'مريم الكندي', roomType: 'gold', adults: 1 },
        ],
      },
    });
    expect((await screen.findByTestId('rooming-error')).textContent).toBe('Two lines do not fit');
    const rows = screen.getAllByTestId('rooming-row');
    expect(rows.map((r) => r.getAttribute('data-exceeded'))).toEqual([null, 'true']);
  }, 20_000);

  it('a list the server refuses marks the line it names, with the reason, in Arabic', async () => {
    roomingAnswer = {
      status: 400,
      body: {
        error: {
          code: 'rate_plan_room_type_unsold',
          message: 'هذه الخطة لا تبيع هذا النوع من الغرف',
          fields: { 'guests.1': 'هذه الخطة لا تبيع هذا النوع من الغرف' },
        },
      },
    };
    show('ar', <GroupView id={7} />);
    fireEvent.click(await screen.findByRole('tab', { name: 'قائمة توزيع الغرف' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /ألصق القائمة/ }), {
      target: { value: 'سعيد الهنائي\tgold\nمريم الكندي\tgold' },
    });
    fireEvent.click(screen.getByTestId('rooming-paste-add'));
    fireEvent.click(screen.getByTestId('rooming-book'));
    await waitFor(() => expect(screen.getAllByTestId('rooming-row-reason')).toHaveLength(1));
    const rows = screen.getAllByTestId('rooming-row');
    expect(rows.map((r) => r.getAttribute('data-invalid'))).toEqual([null, 'true']);
    const reason = screen.getByTestId('rooming-row-reason');
    expect(reason.textContent).toBe('السطر ٢: هذه الخطة لا تبيع هذا النوع من الغرف');
    expect(rows[1]!.getAttribute('aria-describedby')).toBe(reason.querySelector('td')!.id);
    // Corrected, the mark goes.
    fireEvent.change(screen.getByRole('textbox', { name: 'اسم الضيف، السطر ٢' }), {
      target: { value: 'مريم سالم الكندي' },
    });
    expect(screen.queryByTestId('rooming-row-reason')).toBeNull();
  }, 20_000);

  it('a CSV file (header, quoted comma, semicolons, Arabic) becomes lines to check before sending', async () => {
    show('ar', <GroupView id={7} />);
    fireEvent.click(await screen.findByRole('tab', { name: 'قائمة توزيع الغرف' }));
    const input = (await screen.findByTestId('rooming-list')).querySelector('input[type="file"]')!;
    const csv =
      '\uFEFFالاسم;الهاتف;نوع الغرفة;البالغون\r\n"Al Hinai, Said";99887766;gold;2\r\nعلي الرواحي;;الغرفة الذهبية;١\r\n';
    fireEvent.change(input, { target: { files: [new File([csv], 'rooming.csv', { type: 'text/csv' })] } });
    await waitFor(() => expect(screen.getAllByTestId('rooming-row')).toHaveLength(2));
    expect((screen.getByRole('textbox', { name: 'اسم الضيف، السطر ١' }) as HTMLInputElement).value).toBe(
      'Al Hinai, Said',
    );
    expect((screen.getByRole('textbox', { name: 'اسم الضيف، السطر ٢' }) as HTMLInputElement).value).toBe(
      'علي الرواحي',
    );
    expect(screen.getByTestId('rooming-book').textContent).toBe('احجز القائمة في الكتلة (ضيفان)');
    // The adults in the page's digits, as the line numbers beside them.
    expect((screen.getByRole('textbox', { name: 'البالغون، السطر ١' }) as HTMLInputElement).value).toBe('٢');
    expect((screen.getByRole('textbox', { name: 'البالغون، السطر ٢' }) as HTMLInputElement).value).toBe('١');
  }, 20_000);

  it('a line with no name is marked, nothing is sent', async () => {
    show('en', <GroupView id={7} />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Rooming list' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Phone, line 1' }), {
      target: { value: '91234567' },
    });
    fireEvent.click(screen.getByTestId('rooming-book'));
    expect((await screen.findByTestId('rooming-problems')).textContent).toContain(
      'A name of at least two letters',
    );
    expect(screen.getByTestId('rooming-row').getAttribute('data-invalid')).toBe('true');
    expect(sent).toHaveLength(0);
  }, 20_000);

  it('the group folio: its lines and balance, one invoice to the company, linked', async () => {
    show('en', <GroupView id={7} />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Group folio' }));
    expect((await screen.findByTestId('folio-balance')).getAttribute('data-balance-baisa')).toBe('156000');
    expect(screen.getAllByTestId('folio-line')).toHaveLength(1);
    // Each line says which member it is for.
    expect(screen.getByTestId('folio-line-guest').textContent).toBe('For Salim Al Harthy · K7M-Q4PX');
    folio.invoices = [{ id: 44, number: 'INV-2026-000044' }];
    folio.lines[0]!.invoiceId = 44;
    fireEvent.click(screen.getByTestId('group-folio-invoice'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByTestId('confirm-step'));
    await waitFor(() => expect(sent.map((s) => s.path)).toEqual(['/api/admin/groups/7/folio/invoices']));
    const link = await screen.findByRole('link', { name: /INV-2026-000044/ });
    expect(link.getAttribute('href')).toBe('/invoices/44');
    // Every charge is on the invoice now: nothing left to invoice.
    expect(screen.getByTestId('group-folio-invoice').hasAttribute('disabled')).toBe(true);
    folio.invoices = [];
    folio.lines[0]!.invoiceId = null;
  }, 20_000);
});

describe('a block changed', () => {
  it('sends its nights back as lines and shows the server’s refusal in Arabic, under the field too', async () => {
    show('ar', <GroupView id={7} />);
    fireEvent.click(await screen.findByTestId('group-edit'));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('textbox', { name: /اسم المجموعة/ }) as HTMLInputElement).value).toBe(
      'Oman LNG delegation',
    );
    expect(within(dialog).getAllByTestId('group-room-line')).toHaveLength(1);
    // The server refuses: fewer rooms than its guests took, in the page's language.
    patchAnswer = {
      status: 409,
      body: {
        error: {
          code: 'group_held_below_picked_up',
          message: 'لا يمكن أن تحجز الكتلة أقل مما استلمه ضيوفها',
          fields: { 'rooms.0.count': 'أقل مما استُلم' },
        },
      },
    };
    fireEvent.click(within(dialog).getByTestId('group-save'));
    await waitFor(() => expect(sent.filter((s) => s.method === 'PATCH')).toHaveLength(1));
    expect(sent[0]!.body).toEqual({
      name: 'Oman LNG delegation',
      companyId: 3,
      status: 'definite',
      releaseDate: '2026-12-07',
      billing: 'master',
      rooms: [{ roomType: 'gold', from: '2026-12-10', to: '2026-12-12', count: 6 }],
    });
    expect((await within(dialog).findByTestId('group-form-error')).textContent).toBe(
      'لا يمكن أن تحجز الكتلة أقل مما استلمه ضيوفها',
    );
    expect(within(dialog).getByText('أقل مما استُلم')).toBeTruthy();
  }, 20_000);
});
