// Types of proxy-sites.js, for the tests that use it.
import type { ChildProcess, SpawnSyncReturns } from 'node:child_process';

export const DEPLOY: string;
export function run(cmd: string, args: string[]): SpawnSyncReturns<string>;
export function tempDir(): string;
export function selfSignedCertificate(dir: string): { cert: string; key: string };

/** A running proxy: the `host` its HTTPS site answers for, on `port`. */
export interface RunningProxy {
  name: string;
  port: number;
  host: string;
  child: ChildProcess;
  stop(): void;
}

export function caddySite(
  work: string,
  ports: { https: number; admin: number; upstreams: number[] },
  tls: { cert: string; key: string },
): string;
export function startCaddy(work: string, config: string, port: number): RunningProxy;
export function nginxHttpSite(work: string, port: number): string;
export function nginxHttpsSite(
  work: string,
  ports: { https: number; upstreams: number[] },
  tls: { cert: string; key: string },
): string;
export function nginxMain(work: string, sites: string[]): string;
export function nginxTest(work: string, main: string): { ok: boolean; output: string };
export function startNginx(work: string, main: string, port: number): RunningProxy;
