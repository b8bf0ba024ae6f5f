/** A TCP proxy to a real server that a test can cut and restore, as a network or server outage. */
export { TcpProxy } from '../../bench/lib/tcp-proxy.js';
