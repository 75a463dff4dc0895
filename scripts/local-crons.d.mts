export function wranglerCrons(config?: string): string[];

export function startLocalCrons(options: {
  origin: string;
  crons?: string[];
  pattern?: (cron: string) => string;
  log?: (line: string) => void;
  fetch?: (url: string) => Promise<Response>;
}): { next: () => { cron: string; at: Date | null }[]; stop: () => void };

export function whenAnswering(
  origin: string,
  timeoutMs?: number,
  fetch?: (url: string) => Promise<Response>,
): Promise<void>;

export function cronsLine(next: { cron: string; at: Date | null }[]): string;
