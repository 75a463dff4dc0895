import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HousekeepingSettings, HousekeepingTasksAnswer, TaskStatus } from '@shared/housekeeping-tasks';
import { api, readJson } from '@/lib/api-client';

/**
 * Query keys of housekeeping's tasks (one list per day; the server decides whose). `open` is the
 * open business day, whichever the server says it is (the day before until the day close).
 */
export const taskKeys = {
  all: ['housekeeping', 'tasks'] as const,
  open: () => ['housekeeping', 'tasks', 'open'] as const,
};

/**
 * GET /api/housekeeping/tasks: a supervisor's every task, a housekeeper's own, of the open business
 * day (not the calendar's: between midnight and the day close, the day before; decision 091).
 */
export function getTasks(): Promise<HousekeepingTasksAnswer> {
  return readJson(() => api.housekeeping.tasks.$get({ query: {} }));
}

/**
 * The open day's tasks, asked again every 15 s while the screen is visible and when the tablet or
 * phone comes back to it: the board sees the housekeepers' progress, a phone its new assignments,
 * and both move to the new day when the day close makes it.
 */
export const tasksQueryOptions = () =>
  queryOptions({
    queryKey: taskKeys.open(),
    queryFn: () => getTasks(),
    refetchInterval: 15_000,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 5_000,
    meta: { persist: false },
  });

export function useTasks() {
  return useQuery(tasksQueryOptions());
}

/** What both screens show first: started with their code (app/more-routes.tsx). */
export const tasksFirstQueries = () => [tasksQueryOptions()];

function useRefreshTasks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: taskKeys.all });
}

/** PATCH /api/housekeeping/tasks/:id `{ status, assignedTo? }`. */
export function useMoveTask() {
  const refresh = useRefreshTasks();
  return useMutation({
    mutationFn: ({
      id,
      status,
      assignedTo,
    }: {
      id: number;
      status: TaskStatus;
      assignedTo?: number | null;
    }) =>
      readJson(() =>
        api.housekeeping.tasks[':id'].$patch({
          param: { id: String(id) },
          json: assignedTo === undefined ? { status } : { status, assignedTo },
        }),
      ),
    networkMode: 'always',
    onSettled: refresh,
  });
}

/** PUT /api/housekeeping/assignments: rooms given to housekeepers (the board's floors, balance). */
export function useAssignRooms() {
  const refresh = useRefreshTasks();
  return useMutation({
    mutationFn: (input: { date: string; rooms: { roomId: number; assignedTo: number | null }[] }) =>
      readJson(() => api.housekeeping.assignments.$put({ json: input })),
    networkMode: 'always',
    onSettled: refresh,
  });
}

/** POST /api/housekeeping/days: the day's tasks made (a hotel's first day). */
export function useMakeDay() {
  const refresh = useRefreshTasks();
  return useMutation({
    mutationFn: (date: string) => readJson(() => api.housekeeping.days.$post({ json: { date } })),
    networkMode: 'always',
    onSettled: refresh,
  });
}

/**
 * POST /api/housekeeping/tasks/:id/minibar: what was taken, posted as the minibar outlet's check to
 * the room, with an Idempotency-Key made once per report (a tap sent twice is one check).
 */
export function useReportMinibar() {
  return useMutation({
    mutationFn: ({
      id,
      items,
      key,
    }: {
      id: number;
      items: { itemId: number; quantity: number }[];
      key: string;
    }) =>
      readJson(() =>
        api.housekeeping.tasks[':id'].minibar.$post(
          { param: { id: String(id) }, json: { items } },
          { headers: { 'Idempotency-Key': key } },
        ),
      ),
    networkMode: 'always',
  });
}

/** GET /api/housekeeping/settings: the hotel's housekeeping rules. */
export function useHousekeepingSettings() {
  return useQuery({
    queryKey: ['housekeeping', 'settings'] as const,
    queryFn: () => readJson(() => api.housekeeping.settings.$get()),
    meta: { persist: false },
  });
}

/** PUT /api/housekeeping/settings (managers). */
export function useSaveHousekeepingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: HousekeepingSettings) =>
      readJson(() => api.housekeeping.settings.$put({ json: settings })),
    networkMode: 'always',
    onSuccess: (answer) => queryClient.setQueryData(['housekeeping', 'settings'], answer.settings),
  });
}
