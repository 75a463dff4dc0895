import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addDays, hotelToday } from '@shared/dates';
import type {
  Backtest,
  EventCreate,
  EventUpdate,
  Forecast,
  HistoryImport,
  HistoryImports,
  RevenueEvent,
} from '@shared/revenue';
import type {
  AppliedSuggestions,
  PriceLocks,
  PriceSettings,
  PriceSettingsUpdate,
  Suggestions,
} from '@shared/revenue-prices';
import { SUGGESTION_RULES } from '@shared/revenue-prices';
import { ApiRequestError, api, readJson } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';

/**
 * Revenue management's first screens (GET/POST /api/admin/revenue/*; docs/decisions/094): the
 * history imports and one import's progress and refused lines, the Gulf's calendar of a year, the
 * backtest of a range of days. Every rule is the server's (modules/revenue).
 */
export type { Backtest, Forecast, HistoryImport, HistoryImports, RevenueEvent };
export type { PriceSettings, Suggestions };
export type RevenueScreen = 'prices' | 'settings' | 'history' | 'events' | 'backtest';

export const revenueKeys = {
  all: ['admin', 'revenue'] as const,
  imports: () => [...revenueKeys.all, 'imports'] as const,
  import: (id: number) => [...revenueKeys.all, 'import', id] as const,
  events: (year: number) => [...revenueKeys.all, 'events', year] as const,
  backtest: (from: string, to: string) => [...revenueKeys.all, 'backtest', from, to] as const,
  suggestions: (from: string, to: string) => [...revenueKeys.all, 'suggestions', from, to] as const,
  settings: () => [...revenueKeys.all, 'settings'] as const,
};

const revenue = api.admin.revenue;

export const importsQueryOptions = () =>
  queryOptions({
    queryKey: revenueKeys.imports(),
    queryFn: () => readJson(() => revenue.history.$get()) as Promise<HistoryImports>,
    staleTime: 5_000,
  });
export const useHistoryImports = () => useQuery(importsQueryOptions());

/** One import, asked again every two seconds while the cron is still reading it. */
export function useHistoryImport(id: number | null) {
  return useQuery({
    queryKey: revenueKeys.import(id ?? 0),
    queryFn: () =>
      readJson(() =>
        revenue.history[':importId'].$get({ param: { importId: String(id) } }),
      ) as Promise<HistoryImport>,
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 2_000 : false),
  });
}

const UPLOAD_TIMEOUT_MS = 300_000;

/**
 * POST /api/admin/revenue/history: the file as multipart (`file`), by XHR for its upload progress
 * (as the photos' uploads, decision 018). Answers `{ importId, message }` (202).
 */
export function uploadHistory(
  file: File,
  onProgress: (fraction: number) => void,
): Promise<{ importId: number; message: string }> {
  const body = new FormData();
  body.set('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/admin/revenue/history');
    xhr.withCredentials = true;
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let json: unknown = null;
      try {
        json = JSON.parse(xhr.responseText) as unknown;
      } catch {
        json = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(json as { importId: number; message: string });
      else reject(ApiRequestError.of(xhr.status, json));
    };
    const failed = () => reject(new Error('network'));
    xhr.onerror = failed;
    xhr.ontimeout = failed;
    xhr.onabort = failed;
    xhr.send(body);
  });
}

export function useUploadHistory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) =>
      uploadHistory(file, onProgress),
    networkMode: 'always',
    onSettled: () => client.invalidateQueries({ queryKey: revenueKeys.imports() }),
  });
}

export const eventsQueryOptions = (year: number) =>
  queryOptions({
    queryKey: revenueKeys.events(year),
    queryFn: () => readJson(() => revenue.events.$get({ query: { year: String(year) } })),
    placeholderData: keepPreviousData,
  });
export const useEvents = (year: number) => useQuery(eventsQueryOptions(year));

/** Add, change (move, rename, confirm) and delete an event. */
export function useEventChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      change:
        | { kind: 'create'; event: EventCreate }
        | { kind: 'update'; id: number; event: EventUpdate }
        | { kind: 'delete'; id: number },
    ) => {
      switch (change.kind) {
        case 'create':
          return readJson(revenue.events.$post({ json: change.event }));
        case 'update':
          return readJson(
            revenue.events[':id'].$put({ param: { id: String(change.id) }, json: change.event }),
          );
        case 'delete':
          return readJson(revenue.events[':id'].$delete({ param: { id: String(change.id) } }));
      }
    },
    networkMode: 'always',
    onSettled: () => client.invalidateQueries({ queryKey: [...revenueKeys.all, 'events'] }),
  });
}

export const backtestQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: revenueKeys.backtest(from, to),
    queryFn: () => readJson(() => revenue.backtest.$get({ query: { from, to } })) as Promise<Backtest>,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
export const useBacktest = (from: string, to: string) => useQuery(backtestQueryOptions(from, to));

/** The backtest's default range: the 180 days before today (nights up to 179 days ahead: every bucket). */
export function backtestDefaults() {
  const today = hotelToday();
  return { from: addDays(today, -180), to: addDays(today, -1) };
}

/** The price calendar's nights: today and the 89 after it (docs/decisions/101). */
export function suggestionsDefaults() {
  const today = hotelToday();
  return { from: today, to: addDays(today, SUGGESTION_RULES.defaultNights - 1) };
}

export const suggestionsQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: revenueKeys.suggestions(from, to),
    queryFn: () => readJson(() => revenue.suggestions.$get({ query: { from, to } })) as Promise<Suggestions>,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
export const useSuggestions = (from: string, to: string) => useQuery(suggestionsQueryOptions(from, to));

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: revenueKeys.settings(),
    queryFn: () => readJson(() => revenue.settings.$get()) as Promise<PriceSettings>,
  });
export const usePriceSettings = () => useQuery(settingsQueryOptions());

/** PUT /api/admin/revenue/settings: the suggestions follow the new settings. */
export function useSavePriceSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: PriceSettingsUpdate) =>
      readJson(revenue.settings.$put({ json: settings })) as Promise<PriceSettings & { message: string }>,
    networkMode: 'always',
    onSuccess: (saved) => client.setQueryData(revenueKeys.settings(), saved),
    onSettled: () => client.invalidateQueries({ queryKey: [...revenueKeys.all, 'suggestions'] }),
  });
}

/** POST /api/admin/revenue/suggestions/apply: the calendar and the rate calendar asked again. */
export function useApplySuggestions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      readJson(revenue.suggestions.apply.$post({ json: { ids } })) as Promise<AppliedSuggestions>,
    networkMode: 'always',
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: [...revenueKeys.all, 'suggestions'] }),
        client.invalidateQueries({ queryKey: ['admin', 'rates'] }),
      ]),
  });
}

/** PUT /api/admin/revenue/locks: nights of room types locked (never suggested for) or unlocked. */
export function useLockNights() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (locks: PriceLocks) =>
      readJson(revenue.locks.$put({ json: locks })) as Promise<{ message: string }>,
    networkMode: 'always',
    onSettled: () => client.invalidateQueries({ queryKey: [...revenueKeys.all, 'suggestions'] }),
  });
}

/** What a screen asks first, as its route is matched (app/more-routes.tsx). */
export function revenueFirstQueries(screen: string | undefined, search: URLSearchParams) {
  switch (screen) {
    case 'prices': {
      const defaults = suggestionsDefaults();
      return [suggestionsQueryOptions(defaults.from, defaults.to), settingsQueryOptions()];
    }
    case 'settings':
      return [settingsQueryOptions()];
    case undefined:
    case 'history':
      return [importsQueryOptions()];
    case 'events':
      return [eventsQueryOptions(Number(search.get('year') ?? hotelToday().slice(0, 4)))];
    case 'backtest': {
      const defaults = backtestDefaults();
      return [backtestQueryOptions(search.get('from') ?? defaults.from, search.get('to') ?? defaults.to)];
    }
    default:
      return [];
  }
}
