// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hotelToday } from '@shared/dates';
import type { HousekeepingTask, HousekeepingTasksAnswer } from '@shared/housekeeping-tasks';
import { authKeys } from '@/entities/session/auth-keys';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { HousekeepingBoardScreen } from './board-screen';
import MinibarDialog from './minibar-dialog';
import { MyTasksScreen } from './my-tasks-screen';

const today = hotelToday();
const task = (over: Partial<HousekeepingTask> & Pick<HousekeepingTask, 'id' | 'kind'>): HousekeepingTask => ({
  date: today,
  status: 'pending',
  credits: over.kind === 'departure' ? 4 : over.kind === 'stay_over' ? 2 : 1,
  room: { id: 1, number: '101', floor: 1, status: 'dirty' },
  assignedTo: 7,
  rush: false,
  vip: false,
  checkedOut: false,
  waitingFor: null,
  startedAt: null,
  finishedAt: null,
  ...over,
});

const mine: HousekeepingTasksAnswer = {
  date: today,
  made: true,
  supervisor: false,
  housekeepers: [],
  minibar: [
    { id: 31, nameAr: 'ماء', nameEn: 'Water', priceBaisa: 500 },
    { id: 32, nameAr: 'مكسرات', nameEn: 'Nuts', priceBaisa: 1_750 },
  ],
  tasks: [
    task({ id: 11, kind: 'stay_over', room: { id: 2, number: '205', floor: 2, status: 'clean' } }),
    task({
      id: 12,
      kind: 'departure',
      room: { id: 3, number: '304', floor: 3, status: 'dirty' },
      rush: true,
      vip: true,
      waitingFor: 'checkout',
    }),
    task({
      id: 13,
      kind: 'departure',
      status: 'done',
      checkedOut: true,
      room: { id: 4, number: '102', floor: 1, status: 'clean' },
      startedAt: '2026-11-27T05:10:00.000Z',
      finishedAt: '2026-11-27T05:40:00.000Z',
    }),
  ],
};

const board: HousekeepingTasksAnswer = {
  ...mine,
  supervisor: true,
  housekeepers: [
    { id: 7, fullName: 'Amina' },
    { id: 8, fullName: 'Badr' },
  ],
  tasks: [
    task({
      id: 1,
      kind: 'departure',
      assignedTo: null,
      room: { id: 1, number: '101', floor: 1, status: 'dirty' },
    }),
    task({
      id: 2,
      kind: 'inspection',
      assignedTo: null,
      room: { id: 1, number: '101', floor: 1, status: 'dirty' },
      waitingFor: 'clean',
    }),
    task({
      id: 3,
      kind: 'departure',
      assignedTo: null,
      room: { id: 2, number: '102', floor: 1, status: 'dirty' },
      rush: true,
    }),
    task({
      id: 4,
      kind: 'stay_over',
      assignedTo: 8,
      room: { id: 3, number: '201', floor: 2, status: 'clean' },
    }),
    task({
      id: 5,
      kind: 'stay_over',
      assignedTo: null,
      room: { id: 4, number: '202', floor: 2, status: 'clean' },
      status: 'done',
    }),
  ],
};

let answer: HousekeepingTasksAnswer = mine;
let sent: { method: string; path: string; body: unknown; key: string | null }[] = [];

beforeEach(() => {
  sent = [];
  if (typeof CSS === 'undefined' || !CSS.escape) {
    vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
  }
  // The API stands in for the server (only in this unit test; the worker's tests hold the rules).
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url, 'http://localhost');
    const reply = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (request.method !== 'GET') {
      sent.push({
        method: request.method,
        path: url.pathname,
        body: await request.json().catch(() => null),
        key: request.headers.get('idempotency-key'),
      });
      if (url.pathname.endsWith('/minibar'))
        return reply({ message: 'Minibar charged to the room', check: { totalBaisa: 2_750 } }, 201);
      return reply({ message: 'Saved' });
    }
    if (url.pathname === '/api/housekeeping/tasks') return reply(answer);
    return reply({});
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(language: 'ar' | 'en', ui: React.ReactNode, role = 'housekeeper') {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(authKeys.me(), { id: 7, email: 'maid@example.com', role, fullName: 'Amina' });
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>{ui}</I18nProvider>
    </QueryClientProvider>,
  );
}

describe('a housekeeper’s phone', () => {
  it('lists what is left first, rush and VIP on top, in Arabic; a departure waits for the check-out', async () => {
    answer = mine;
    show('ar', <MyTasksScreen />);
    const cards = await screen.findAllByTestId('task-card');
    expect(cards.map((c) => c.dataset.room)).toEqual(['304', '205', '102']);
    expect(cards[0]!.textContent).toContain('عاجل: ضيف يصل اليوم');
    expect(cards[0]!.textContent).toContain('ضيف مميز');
    expect(cards[0]!.textContent).toContain('تنظيف مغادرة');
    // Room numbers through the one formatter: Arabic-Indic digits.
    expect(within(cards[0]!).getByRole('heading').textContent).toContain('٣٠٤');
    expect(cards[0]!.textContent).toContain('لم يسجّل الضيف المغادرة بعد.');
    const start = within(cards[0]!).getByRole('button', { name: 'بدء' });
    expect(
      start.hasAttribute('disabled') ||
        start.getAttribute('aria-disabled') === 'true' ||
        start.dataset.disabled !== undefined,
    ).toBe(true);
    // No "do not disturb" in an empty room; a stay-over has it.
    expect(within(cards[0]!).queryByRole('button', { name: 'عدم الإزعاج' })).toBeNull();
    expect(within(cards[1]!).getByRole('button', { name: 'عدم الإزعاج' })).toBeTruthy();
    // The finished task keeps its times, in Muscat's hours.
    expect(cards[2]!.textContent).toContain('بدأت ٩:١٠ ص');
    expect(cards[2]!.textContent).toContain('انتهت ٩:٤٠ ص');
    expect(screen.getByText(/أُنجز ١ من ٣/)).toBeTruthy();
    // Their home after signing in: the rooms' board a tap away.
    expect(screen.getByTestId('my-tasks-board').getAttribute('href')).toBe('/housekeeping');
    expect(screen.getByTestId('my-tasks-board').textContent).toBe('لوحة التدبير الفندقي');
  }, 20_000);

  it('starts a stay-over and marks another "service refused": one PATCH each', async () => {
    answer = mine;
    show('en', <MyTasksScreen />);
    const cards = await screen.findAllByTestId('task-card');
    fireEvent.click(within(cards[1]!).getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PATCH',
      path: '/api/housekeeping/tasks/11',
      body: { status: 'in_progress' },
      key: null,
    });
    // Each button waits while a change is on its way.
    const refuse = () =>
      within(screen.getAllByTestId('task-card')[1]!).getByRole('button', { name: 'Service refused' });
    await waitFor(() => expect(refuse().hasAttribute('data-disabled')).toBe(false));
    fireEvent.click(refuse());
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body).toEqual({ status: 'refused' });
  }, 20_000);

  it('nothing given yet: says so', async () => {
    answer = { ...mine, tasks: [] };
    show('en', <MyTasksScreen />);
    expect((await screen.findByTestId('no-tasks')).textContent).toContain(
      'Your supervisor assigns the rooms',
    );
  }, 20_000);
});

describe('the minibar', () => {
  it('totals the minibar outlet’s items taken and charges them in one request, with its key', async () => {
    show('en', <MinibarDialog task={mine.tasks[0]!} items={mine.minibar} onClose={() => undefined} />);
    const charge = await screen.findByRole('button', { name: 'Charge to the room' });
    expect(charge.getAttribute('data-disabled')).not.toBeNull();
    const [water, nuts] = screen.getAllByRole('button', { name: /^More/ });
    fireEvent.click(water!);
    fireEvent.click(water!);
    fireEvent.click(nuts!);
    await waitFor(() => expect(screen.getByText(/Total:/).textContent).toContain('2.750'));
    fireEvent.click(screen.getByRole('button', { name: 'Charge to the room' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      path: '/api/housekeeping/tasks/11/minibar',
      body: {
        items: [
          { itemId: 31, quantity: 2 },
          { itemId: 32, quantity: 1 },
        ],
      },
      key: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  }, 20_000);
});

describe('the supervisor’s board', () => {
  it('rooms by floor with their tasks; each housekeeper’s load; "Balance" gives the rooms evenly in one request', async () => {
    answer = board;
    show('en', <HousekeepingBoardScreen />, 'staff');
    const floors = await screen.findAllByTestId('board-floor');
    expect(floors).toHaveLength(2);
    const rooms = screen.getAllByTestId('board-room');
    expect(rooms.map((r) => r.dataset.room)).toEqual(['101', '102', '201', '202']);
    expect(rooms[0]!.textContent).toContain('Departure clean');
    expect(rooms[0]!.textContent).toContain('Inspection');
    expect(rooms[1]!.textContent).toContain('Rush');
    const loads = screen.getAllByTestId('housekeeper-load');
    expect(loads[1]!.textContent).toContain('Badr');
    expect(loads[1]!.textContent).toContain('1 rooms · 2 credits · 0 of 1 done');

    fireEvent.click(screen.getByRole('button', { name: 'Balance the rooms' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.method).toBe('PUT');
    expect(sent[0]!.path).toBe('/api/housekeeping/assignments');
    // 101 (4), 102 (4), 201 (2), 202 (2) over two on duty: no split is nearer than 8 and 4, and
    // this one keeps each floor with one person.
    expect(sent[0]!.body).toEqual({
      date: today,
      rooms: [
        { roomId: 1, assignedTo: 7 },
        { roomId: 2, assignedTo: 7 },
        { roomId: 3, assignedTo: 8 },
        { roomId: 4, assignedTo: 8 },
      ],
    });
  }, 20_000);

  it('a full house on a tablet draws only the rooms on screen; the find looks over all 120, in Arabic', async () => {
    // 120 rooms on six floors (101-120 ... 601-620), a stay-over each; the odd ones given to Amina.
    answer = {
      ...board,
      tasks: Array.from({ length: 120 }, (_, i) => {
        const floor = Math.floor(i / 20) + 1;
        const number = String(floor * 100 + (i % 20) + 1);
        return task({
          id: 1000 + i,
          kind: 'stay_over',
          assignedTo: i % 2 ? 7 : null,
          room: { id: 100 + i, number, floor, status: 'clean' },
        });
      }),
    };
    // A tablet held upright (820 x 1180): one column here (no layout in this DOM), about five
    // cards a screen.
    window.innerHeight = 1180;
    show('ar', <HousekeepingBoardScreen />, 'staff');
    await screen.findAllByTestId('board-room');
    const drawn = () => screen.getAllByTestId('board-room').map((r) => r.dataset.room);
    // About a screenful and a few either side: not 120. Every floor keeps its heading.
    expect(drawn().length).toBeGreaterThan(3);
    expect(drawn().length).toBeLessThan(15);
    expect(drawn()[0]).toBe('101');
    expect(drawn()).not.toContain('620');
    expect(screen.getAllByTestId('board-floor')).toHaveLength(6);
    expect(screen.getAllByTestId('board-rows-not-drawn').length).toBeGreaterThan(0);
    // Each card says where it stands on its floor.
    const first = screen.getAllByTestId('board-room')[0]!;
    expect(first.getAttribute('role')).toBe('listitem');
    expect(first.getAttribute('aria-posinset')).toBe('1');
    expect(first.getAttribute('aria-setsize')).toBe('20');
    // The find, by room number typed in Arabic-Indic digits: a room far below the screen.
    const find = screen.getByRole('searchbox', { name: 'ابحث عن غرفة أو عامل تدبير' });
    fireEvent.change(find, { target: { value: '٦٢٠' } });
    await waitFor(() => expect(drawn()).toEqual(['620']));
    expect(screen.getAllByTestId('board-floor')).toHaveLength(1);
    // By the housekeeper's name: her 60 rooms, still drawn a screenful at a time.
    fireEvent.change(find, { target: { value: 'amina' } });
    await waitFor(() => expect(drawn()[0]).toBe('102'));
    expect(drawn().every((n) => Number(n) % 2 === 0)).toBe(true);
    expect(drawn().length).toBeLessThan(15);
    // A floor given while the find shows only her rooms gives the whole floor: its 20 rooms.
    const floorOne = screen.getAllByTestId('board-floor')[0]!;
    fireEvent.click(within(floorOne).getAllByRole('button')[0]!);
    fireEvent.click(await screen.findByRole('option', { name: 'Badr' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.path).toBe('/api/housekeeping/assignments');
    const given = (sent[0]!.body as { rooms: { roomId: number; assignedTo: number }[] }).rooms;
    expect(given.map((r) => r.roomId)).toEqual(Array.from({ length: 20 }, (_, i) => 100 + i));
    expect(given.every((r) => r.assignedTo === 8)).toBe(true);
    fireEvent.change(find, { target: { value: '999' } });
    expect((await screen.findByTestId('board-no-match')).textContent).toContain('لا غرفة');
    window.innerHeight = 768;
  }, 20_000);

  it('the supervisor inspects from the board, in Arabic: only after the clean; "My tasks" a tap away', async () => {
    answer = {
      ...board,
      tasks: [
        ...board.tasks,
        task({
          id: 6,
          kind: 'departure',
          status: 'done',
          checkedOut: true,
          room: { id: 5, number: '103', floor: 1, status: 'clean' },
        }),
        task({
          id: 7,
          kind: 'inspection',
          assignedTo: null,
          room: { id: 5, number: '103', floor: 1, status: 'clean' },
        }),
      ],
    };
    show('ar', <HousekeepingBoardScreen />, 'staff');
    const disabled = (el: HTMLElement) => el.hasAttribute('disabled') || el.dataset.disabled !== undefined;
    const room101 = (await screen.findAllByTestId('board-room')).find((r) => r.dataset.room === '101')!;
    // 101's departure clean is still to do: its inspection waits, and says why.
    const waiting = within(room101).getByRole('button', { name: /^بدء الفحص/ });
    expect(disabled(waiting)).toBe(true);
    expect(room101.textContent).toContain('بعد تنظيف المغادرة.');
    // 103 is clean: its inspection starts with one tap, named with its room (the visible words first).
    const room103 = screen.getAllByTestId('board-room').find((r) => r.dataset.room === '103')!;
    const start = within(room103).getByRole('button', { name: /^بدء الفحص، الغرفة .١٠٣.$/ });
    expect(disabled(start)).toBe(false);
    fireEvent.click(start);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PATCH',
      path: '/api/housekeeping/tasks/7',
      body: { status: 'in_progress' },
      key: null,
    });
    expect(screen.getByTestId('board-my-tasks').getAttribute('href')).toBe('/housekeeping/tasks');
    expect(screen.getByTestId('board-my-tasks').textContent).toBe('مهامي');
  }, 20_000);

  it('a supervisor’s "My tasks" are theirs: the day’s inspections and what was given to them', async () => {
    answer = {
      ...board,
      tasks: [
        ...board.tasks,
        task({
          id: 9,
          kind: 'stay_over',
          assignedTo: 7,
          room: { id: 6, number: '301', floor: 3, status: 'clean' },
        }),
      ],
    };
    show('en', <MyTasksScreen />, 'staff');
    const cards = await screen.findAllByTestId('task-card');
    expect(cards.map((c) => `${c.dataset.room} ${c.dataset.kind}`)).toEqual([
      '101 inspection',
      '301 stay_over',
    ]);
    const inspect = within(cards[0]!).getByRole('button', { name: 'Start' });
    expect(inspect.hasAttribute('disabled') || inspect.dataset.disabled !== undefined).toBe(true);
    expect(cards[0]!.textContent).toContain('The departure clean is not done yet.');
  }, 20_000);

  it('a day not made yet: "Make today’s tasks", in Arabic', async () => {
    answer = { ...board, made: false, tasks: [] };
    show('ar', <HousekeepingBoardScreen />, 'staff');
    fireEvent.click(await screen.findByRole('button', { name: 'أنشئ مهام اليوم' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      path: '/api/housekeeping/days',
      body: { date: today },
      key: null,
    });
  }, 20_000);
});
