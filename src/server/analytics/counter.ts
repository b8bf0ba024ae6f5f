import type { IncomingMessage } from 'node:http';
import type { CachedResponse } from '../cache/response-cache.js';
import { clientAddress, type Trust } from '../http/client-address.js';
import type { Clock } from '../schedule/clock.js';
import { Agents, type Agent } from './agents.js';
import { countedAnswer, pageOfBeacon } from './answer-kinds.js';
import { Batch } from './batch.js';
import { KIND } from './count-kinds.js';
import { DayValues } from './day-values.js';
import { CurrentHour, dayOfPeriod, type Period } from './periods.js';
import { cleanText, referrerHost, utmSource } from './referrers.js';
import { ViewSlots } from './view-slots.js';
import { visitHeaders, type VisitHeaders } from './visit-headers.js';

/**
 * The reader of a connection's last counted answer: its next answer most likely goes to the same
 * reader, whose user agent is then told by comparing the header with the one before instead of
 * hashing it for a map.
 */
interface Reader {
  userAgent: string;
  agent: Agent;
  /** The batch (`Counter.taken` when it was current) the visitor below is of; -1: none. */
  batch: number;
  address: string;
  /** The visitor's index in that batch; undefined past the batch's bound. */
  visitor: number | undefined;
}

/**
 * Where a connection's socket holds its reader: a property of its own, which costs a new
 * connection less than an entry in a WeakMap would (connections without keep-alive, one a request).
 */
const READER = Symbol('analytics reader');
type ReaderSocket = { [READER]?: Reader };

/** The events counted apart from answers: the employer gate and the contact form. */
export type Event = { kind: 'gate'; unlocked: boolean } | { kind: 'contact' };

/**
 * The hot path of the analytics. What is counted of a page (its views, visitors, referrers,
 * sources; a missing page; a feed) is counted by the day, what is counted of the site (its views
 * and visitors, devices, bots, searches, the gate, messages) by the hour: the hours of every page
 * would be most of the store (a year of 100,000 views a day held 30 MB by the hour, 2,000 rows
 * an hour for its last week).
 *
 * What each answer counts is added to the batch in memory, one increment a count, and nothing else (writing is analytics.service.ts's job). Called for every
 * answer made from a response-cache entry, by the front door and by Fastify alike
 * (http/front/cached-answer.ts), so that an answer counts the same whichever way it was sent.
 */
export class Counter {
  private batch = new Batch();
  /** Batches taken so far: the number of the current one. */
  private taken = 0;
  private readonly slots = new ViewSlots();
  private readonly hour = new CurrentHour();
  private readonly agents = new Agents();
  private readonly values = new DayValues();

  constructor(
    private readonly clock: Clock,
    private readonly trust: Trust | false,
    /** Called once when the batch reaches a bound, so that it is written at once. */
    private readonly onFull: () => void,
    /** ANALYTICS_BEACON: pages report their own views (`beaconed`); answers count none. */
    private readonly beacon = false,
  ) {}

  /** The batch so far, replaced by an empty one. */
  take(): Batch {
    const taken = this.batch;
    this.batch = new Batch();
    this.taken += 1;
    return taken;
  }

  /** What the counter holds in memory besides the batch: for the memory bound's test and bench. */
  get held(): { userAgents: number; dayValues: number } {
    return { userAgents: this.agents.size, dayValues: this.values.size };
  }

  /** Counts a GET answered from `entry` (a 304 too): a view, a search, a feed fetch, a 404. */
  answered(req: IncomingMessage, entry: CachedResponse, url: string): void {
    if (req.method !== 'GET') return;
    const counted = countedAnswer(entry, url);
    if (counted === undefined) return;
    const headers = visitHeaders(req.rawHeaders);
    if (headers.prefetch) return;
    if (
      (counted.kind === 'read' || (counted.kind === 'search' && counted.api)) &&
      !headers.sameOrigin
    )
      return;
    const reader = this.readerOf(req, headers.userAgent);
    const agent = reader.agent;
    const hour = this.hour.of(this.clock.now());
    const day = this.hour.day;
    if (counted.kind === 'feed') return this.feedFetched(hour, counted.path, agent);
    if (agent.bot !== undefined) {
      this.batch.add(hour, KIND.bot, '', this.values.admit(day, 'bot', agent.bot));
      return;
    }
    // With the beacon, the page itself reports its view, wherever it was served from.
    if (this.beacon && counted.kind !== 'missing') {
      if (counted.kind === 'search' && counted.words !== undefined) this.searched(hour, counted);
      return;
    }
    if (counted.kind === 'missing') {
      const path = this.values.admit(day, 'missing', counted.path);
      const from = headers.optOut ? undefined : referrerHost(headers.referer, headers.host);
      this.batch.add(day, KIND.missing, path, from ? this.values.admit(day, 'referrer', from) : '');
      return;
    }
    this.viewed(req, hour, counted.path, headers, reader, url);
    if (counted.kind === 'search' && counted.words !== undefined) this.searched(hour, counted);
  }

  private searched(hour: Period, search: { words?: string; found: number }): void {
    const words = this.values.admit(dayOfPeriod(hour), 'search', search.words ?? '');
    this.batch.add(hour, KIND.search, '', words, 1, search.found);
  }

  /**
   * Counts the view a page reported itself (ANALYTICS_BEACON): `url` is the page's address as
   * the browser shows it, `referrer` the document's. Only the site's own pages can send one
   * (`Sec-Fetch-Site: same-origin`); an address that is no page counts nothing.
   */
  beaconed(req: IncomingMessage, url: string, referrer: string | undefined): void {
    const page = pageOfBeacon(url);
    if (page === undefined) return;
    const headers = visitHeaders(req.rawHeaders);
    if (!headers.sameOrigin) return;
    const reader = this.readerOf(req, headers.userAgent);
    const hour = this.hour.of(this.clock.now());
    if (reader.agent.bot !== undefined) {
      const bot = this.values.admit(dayOfPeriod(hour), 'bot', reader.agent.bot);
      this.batch.add(hour, KIND.bot, '', bot);
      return;
    }
    this.viewed(req, hour, page, { ...headers, referer: referrer }, reader, url);
  }

  /** The reader of `req`: its connection's last one when the user agent is the same. */
  private readerOf(req: IncomingMessage, userAgent: string): Reader {
    const socket = req.socket as ReaderSocket | undefined;
    let reader = socket?.[READER];
    if (reader === undefined || reader.userAgent !== userAgent) {
      reader = { userAgent, agent: this.agents.of(userAgent), batch: -1, address: '', visitor: 0 };
      if (socket) socket[READER] = reader;
    }
    return reader;
  }

  /** The reader's visitor in the batch: found in it once per connection, address and batch. */
  private visitorOf(req: IncomingMessage, headers: VisitHeaders, reader: Reader) {
    const address = clientAddress(req.socket?.remoteAddress, headers.forwardedFor, this.trust);
    if (reader.batch !== this.taken || reader.address !== address) {
      reader.batch = this.taken;
      reader.address = address;
      reader.visitor = this.batch.visitor(address, headers.userAgent);
    }
    return reader.visitor;
  }

  private viewed(
    req: IncomingMessage,
    hour: Period,
    page: string,
    headers: VisitHeaders,
    reader: Reader,
    url: string,
  ): void {
    const day = this.hour.day;
    const slots = this.slots.in(this.batch, hour);
    const pageSlot = slots.known(page) ?? slots.page(day, this.values.admit(day, 'path', page));
    const path = pageSlot.path;
    pageSlot.views.count += 1;
    const siteSlot = slots.site();
    siteSlot.views.count += 1;
    if (headers.optOut) {
      this.batch.add(hour, KIND.untracked, '', '');
      return;
    }
    slots.device(reader.agent.device).count += 1;
    const from = referrerHost(headers.referer, headers.host);
    if (from) this.batch.add(day, KIND.referrer, path, this.values.admit(day, 'referrer', from));
    const source = utmSource(url);
    if (source) this.batch.add(day, KIND.utm, path, this.values.admit(day, 'utm', source));
    const visitor = this.visitorOf(req, headers, reader);
    if (visitor !== undefined) {
      this.batch.see(pageSlot.seen, visitor);
      this.batch.see(siteSlot.seen, visitor);
    }
    if (this.batch.full) this.onFull();
  }

  private feedFetched(hour: Period, path: string, agent: Agent): void {
    const reader = agent.reader;
    const name = reader
      ? this.values.admit(dayOfPeriod(hour), 'reader', cleanText(reader.name))
      : '';
    this.batch.add(dayOfPeriod(hour), KIND.feed, path, name, 1, reader?.subscribers ?? 0);
  }

  /** Counts an employer-gate attempt (and its unlock) or a contact message. */
  event(event: Event): void {
    const hour = this.hour.of(this.clock.now());
    if (event.kind === 'contact') this.batch.add(hour, KIND.contact, '', '');
    else {
      this.batch.add(hour, KIND.gate, '', 'attempt');
      if (event.unlocked) this.batch.add(hour, KIND.gate, '', 'unlock');
    }
  }
}
