// Types of tcp-proxy.js, for the tests that use it.
export class TcpProxy {
  port: number;
  constructor(targetHost: string, targetPort: number);
  start(): Promise<void>;
  cut(): Promise<void>;
}
