export function e2eWorkerCount(): number;
export function e2eServerCount(): number;

export function e2eServers(count?: number): {
  port: number;
  url: string;
  urlFile: string;
  env: Record<string, string>;
}[];
