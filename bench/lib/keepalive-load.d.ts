// Types of keepalive-load.js, for the tests that drive it.
export interface KeepAliveSummary {
  answered: number;
  dropped: number;
  timedOut: number;
  refused: number;
  reconnects: number;
  connectionClose: number;
  retryAfter: number;
  statuses: Record<string, number>;
  latenciesMs: number[];
  droppedDetails: string[];
}

export interface KeepAliveLoad {
  summary: KeepAliveSummary;
  stop(): Promise<KeepAliveSummary>;
}

export function keepAliveLoad(options: {
  port: number;
  host?: string;
  paths: readonly string[];
  nextPath?: (i: number) => string;
  connections?: number;
  timeoutMs?: number;
  refusedPauseMs?: number;
  headers?: Record<string, string>;
}): KeepAliveLoad;
