// Types of keepalive-load.js, for the tests that drive it.
export interface KeepAliveSummary {
  answered: number;
  dropped: number;
  timedOut: number;
  refused: number;
  reconnects: number;
  connectionClose: number;
  retryAfter: number;
  retryAfterSeconds: Record<string, number>;
  statuses: Record<string, number>;
  latenciesMs: number[];
  droppedDetails: string[];
  errorPaths: Record<string, string[]>;
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
  tls?: boolean;
  hostHeader?: string;
}): KeepAliveLoad;
