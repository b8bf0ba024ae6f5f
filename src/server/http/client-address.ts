import proxyAddr from '@fastify/proxy-addr';
import type { TrustProxy } from '../config.js';

/** Whether the address `hop` steps from the socket (0: the socket's peer) is a trusted proxy. */
export type Trust = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY as a function of the address and its hop, or false to trust no proxy. Fastify
 * takes it as its `trustProxy` (a hop count trusts the nearest proxies, where Fastify's own number
 * option trusts none), and the front door reads client addresses with it, so both see one client.
 */
export function trustOf(trust: TrustProxy): Trust | false {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return remembered(proxyAddr.compile(trust));
}

/** Addresses whose trust is remembered; past it the memory starts over (made-up hops). */
const REMEMBERED = 1000;

/**
 * A list's trust, remembered by address (a list judges the address alone, whatever its hop):
 * proxy-addr parses the address on every call (≈ 3 µs), and every request behind a proxy asks
 * about the proxy's own address, one of a few.
 */
function remembered(trusted: Trust): Trust {
  const known = new Map<string, boolean>();
  return (address, hop) => {
    let trust = known.get(address);
    if (trust === undefined) {
      trust = trusted(address, hop);
      if (known.size >= REMEMBERED) known.clear();
      known.set(address, trust);
    }
    return trust;
  };
}

/**
 * The client's address as Fastify's `request.ip` gives it: the socket's peer, or with trusted
 * proxies the address just before the first untrusted hop of X-Forwarded-For.
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trust: Trust | false,
): string {
  if (!trust || forwardedFor === undefined) return socketAddress ?? '';
  const request = {
    socket: { remoteAddress: socketAddress },
    headers: { 'x-forwarded-for': forwardedFor },
  };
  const addresses = proxyAddr.all(request as never, trust);
  return addresses[addresses.length - 1] ?? '';
}
