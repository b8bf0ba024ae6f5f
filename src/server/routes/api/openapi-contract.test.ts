import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { API_ROUTES, apiPath } from '../../../shared/paths.js';
import type { Category, PostPage } from '../../../shared/schemas/api.js';
import type { TagSummary } from '../../../shared/schemas/tags.js';
import { DEMO_CONTENT_DIR, importDemoContent } from '../../../../test/helpers/demo-content.js';
import { contractProblems } from '../../../../test/helpers/error-contract.js';
import { listenLocally } from '../../../../test/helpers/held-route.js';
import {
  acceptedBy,
  documentedCalls,
  DocumentedSchemas,
  fillPath,
  valuesOutside,
  type DocumentedCall,
  type JsonSchema,
  type OpenApiDocument,
  type SeenAnswer,
} from '../../../../test/helpers/openapi-document.js';
import { createTestStore, type TestStore } from '../../../../test/helpers/stores.js';

/**
 * The OpenAPI document and the validators are one statement: every documented call, sent as the
 * document describes it (its path parameters taken from the demo content in the store), gets a
 * documented status and a body of the documented schema; every request the document refuses is
 * refused with a documented 400; and every status the server can give (304, 503) is documented.
 */

/** Text for the required fields of a request body, by name. */
const SAMPLE_FIELDS: Record<string, string> = {
  email: 'reader@example.com',
  name: 'Ada Reader',
  subject: 'A question',
  message: 'Sent by the contract test of the OpenAPI document.',
};

/** Addresses, and whether the `email` format of JSON Schema (RFC 5321's Mailbox) allows each. */
const ADDRESSES: [string, boolean][] = [
  ['reader@example.com', true],
  ['first.last+tag@mail.example.co.uk', true],
  ['reader@localhost', true],
  ['"two words"@example.com', true],
  ['reader@[192.0.2.1]', true],
  ['a..b@example.com', false],
  ['no-at-sign.example.com', false],
  ['two@@example.com', false],
  ['reader@-example.com', false],
  ['two words@example.com', false],
  ['ünïcode@example.com', false],
];

/** Each path parameter naming what a listing hands out: the call and where in its item. */
const LISTED_BY: Record<string, { call: string; item: (body: JsonSchema) => JsonSchema }> = {
  tag: { call: `GET ${API_ROUTES.tags}`, item: (list) => list.items!.properties!.slug! },
  categoryId: {
    call: `GET ${API_ROUTES.postcates}`,
    item: (list) => list.items!.properties!.id!,
  },
  slug: {
    call: `GET ${API_ROUTES.posts}`,
    item: (page) => page.properties!.data!.items!.properties!.slug!,
  },
};

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

const seen = (res: LightMyRequestResponse): SeenAnswer => ({
  statusCode: res.statusCode,
  headers: res.headers,
  body: res.body,
});

interface Ask {
  method: string;
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
}

const bodySchema = (call: DocumentedCall) =>
  call.operation.requestBody?.content['application/json']?.schema;

const successOf = (call: DocumentedCall) =>
  Object.keys(call.operation.responses)
    .filter((status) => /^2\d\d$/.test(status))
    .sort()[0];

describe('the OpenAPI document against the routes (demo content, SQLite)', () => {
  let test: TestStore;
  let imagesDir: string;
  let app: FastifyInstance;
  let doc: OpenApiDocument;
  let calls: DocumentedCall[];
  let pathValues: Record<string, string>;
  const schemas = new DocumentedSchemas();
  // Each request from a client of its own, so that the forms' rate limits never answer 429.
  let clients = 0;
  const nextClient = () => {
    clients += 1;
    return `10.77.${clients >> 8}.${clients & 255}`;
  };

  const settings = (env: NodeJS.ProcessEnv = {}) =>
    loadConfig({
      CONTENT_DIR: DEMO_CONTENT_DIR,
      IMAGES_DIR: imagesDir,
      CONTACT_ENABLED: '1',
      EMPLOYER_EMAIL: 'owner@example.com',
      ...env,
    });

  /** The call's request as documented; `param` replaces one parameter, `body` the body. */
  function request(
    call: DocumentedCall,
    change: { param?: [name: string, value: string]; body?: unknown } = {},
  ): Ask {
    const values = { ...pathValues };
    const query = new URLSearchParams();
    for (const parameter of call.operation.parameters ?? []) {
      if (change.param?.[0] !== parameter.name) continue;
      if (parameter.in === 'path') values[parameter.name] = change.param[1];
      else query.set(parameter.name, change.param[1]);
    }
    const search = query.toString();
    const url = `${fillPath(call.path, values)}${search ? `?${search}` : ''}`;
    const schema = bodySchema(call);
    const body =
      'body' in change
        ? change.body
        : schema &&
          Object.fromEntries((schema.required ?? []).map((name) => [name, SAMPLE_FIELDS[name]]));
    return { method: call.method, url, ...(body === undefined ? {} : { body }) };
  }

  const send = (ask: Ask) =>
    app.inject({
      method: ask.method as InjectOptions['method'],
      url: ask.url,
      headers: ask.headers,
      remoteAddress: nextClient(),
      ...(ask.body === undefined ? {} : { payload: ask.body as object }),
    });

  const undocumented = (call: DocumentedCall, answer: SeenAnswer) =>
    schemas.undocumented(call, answer);

  beforeAll(async () => {
    test = await createTestStore('sqlite');
    imagesDir = mkdtempSync(join(tmpdir(), 'pf-openapi-'));
    await importDemoContent(test.store, imagesDir);
    app = await buildApp({ config: settings(), store: test.store });
    await app.ready();
    doc = (await app.inject(API_ROUTES.openapi)).json();
    calls = documentedCalls(doc);
    const categories: Category[] = (await app.inject(apiPath.postcates())).json();
    const page: PostPage = (await app.inject(apiPath.posts(1))).json();
    const tags: TagSummary[] = (await app.inject(apiPath.tags())).json();
    const post = page.data[0]!;
    pathValues = {
      categoryId: String(categories.find((category) => category.post_count > 0)!.id),
      slug: post.slug,
      tag: tags[0]!.slug,
      // A word of a post's title: a search that finds something.
      text: post.name.split(/\s+/)[0]!,
    };
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await test?.drop();
    rmSync(imagesDir, { recursive: true, force: true });
  });

  it('documents every call of the API but the private ones', () => {
    const documented = Object.keys(doc.paths);
    for (const [name, route] of Object.entries(API_ROUTES)) {
      if (name === 'openapi' || name === 'preview') continue;
      expect(documented, route).toContain(route.replace(/:([A-Za-z]+)/g, '{$1}'));
    }
  });

  it('answers each documented request with its documented success and body', async () => {
    for (const call of calls) {
      const res = await send(request(call));
      expect
        .soft(String(res.statusCode), `${call.name}: ${res.body.slice(0, 300)}`)
        .toBe(successOf(call));
      expect.soft(undocumented(call, seen(res)), call.name).toEqual([]);
      // The last page the document allows: past the last one, an empty page (not an error).
      const page = call.operation.parameters?.find((p) => p.name === 'page');
      if (page?.schema.maximum === undefined) continue;
      const last = await send(request(call, { param: ['page', String(page.schema.maximum)] }));
      expect
        .soft(String(last.statusCode), `${call.name} page ${page.schema.maximum}`)
        .toBe(successOf(call));
      expect.soft(undocumented(call, seen(last)), call.name).toEqual([]);
    }
  });

  it('answers a GET asked again with its ETag with a documented 304 without a body', async () => {
    for (const call of calls.filter((c) => c.method === 'GET')) {
      const ask = request(call);
      const etag = (await send(ask)).headers.etag;
      expect.soft(etag, call.name).toBeDefined();
      const again = await send({ ...ask, headers: { 'if-none-match': String(etag) } });
      expect.soft(again.statusCode, call.name).toBe(304);
      expect.soft(undocumented(call, seen(again)), call.name).toEqual([]);
    }
  });

  it('refuses each parameter outside its documented schema with a documented 400', async () => {
    let tried = 0;
    for (const call of calls) {
      for (const parameter of call.operation.parameters ?? []) {
        for (const value of valuesOutside(parameter.schema)) {
          const label = `${call.name} ${parameter.name}=${value.slice(0, 20)}`;
          expect.soft(schemas.parameterFits(parameter.schema, value), label).toBe(false);
          const res = await send(request(call, { param: [parameter.name, value] }));
          expect.soft(res.statusCode, label).toBe(400);
          expect.soft(undocumented(call, seen(res)), label).toEqual([]);
          tried += 1;
        }
      }
    }
    expect(tried).toBeGreaterThan(20);
  });

  it('documents each identifier in a path exactly as the listing that hands it out', async () => {
    const byName = new Map(calls.map((call) => [call.name, call]));
    for (const call of calls) {
      for (const parameter of call.operation.parameters ?? []) {
        if (parameter.in !== 'path' || parameter.name === 'text') continue;
        const listed = LISTED_BY[parameter.name];
        expect(listed, `${call.name}: which listing hands out {${parameter.name}}?`).toBeDefined();
        const listing = byName.get(listed!.call)!;
        const item = listed!.item(
          listing.operation.responses['200']!.content!['application/json']!.schema!,
        );
        expect
          .soft(acceptedBy(parameter.schema), `${call.name} {${parameter.name}}`)
          .toEqual(acceptedBy(item));
      }
    }
    // Every identifier the store holds fits its parameter.
    const tags: TagSummary[] = (await app.inject(apiPath.tags())).json();
    const tag = byName.get(`GET ${API_ROUTES.postsTag.replace(':tag', '{tag}')}`)!;
    const tagSchema = tag.operation.parameters!.find((p) => p.name === 'tag')!.schema;
    for (const { slug } of tags)
      expect.soft(schemas.parameterFits(tagSchema, slug), slug).toBe(true);
  });

  it('refuses a body that breaks its documented schema with a documented 400', async () => {
    for (const call of calls.filter((c) => bodySchema(c))) {
      const schema = bodySchema(call)!;
      const valid = request(call).body as Record<string, unknown>;
      expect.soft(schemas.problems(schema, valid), call.name).toEqual([]);
      const broken: [string, unknown][] = [['an array', []]];
      for (const name of schema.required ?? []) {
        const { [name]: _left, ...rest } = valid;
        broken.push([`no ${name}`, rest]);
      }
      for (const [name, field] of Object.entries(schema.properties ?? {})) {
        broken.push([`${name} a number`, { ...valid, [name]: 42 }]);
        if (field.maxLength !== undefined)
          broken.push([`${name} too long`, { ...valid, [name]: 'a'.repeat(field.maxLength + 1) }]);
      }
      if (schema.additionalProperties === false)
        broken.push(['an unknown field', { ...valid, unknown: 'x' }]);
      for (const [how, body] of broken) {
        expect.soft(schemas.problems(schema, body), `${call.name} with ${how}`).not.toEqual([]);
        const res = await send(request(call, { body }));
        expect.soft(res.statusCode, `${call.name} with ${how}`).toBe(400);
        expect.soft(undocumented(call, seen(res)), `${call.name} with ${how}`).toEqual([]);
      }
    }
  });

  it('accepts exactly the e-mail addresses the document allows', async () => {
    for (const call of calls.filter((c) => bodySchema(c)?.properties?.email)) {
      const field = bodySchema(call)!.properties!.email!;
      // The document's own words decide: its pattern and lengths, and what its format means.
      const { format, ...rules } = field;
      for (const [address, formatAllows] of ADDRESSES) {
        const allowed =
          schemas.problems(rules, address).length === 0 &&
          (format === undefined || (format === 'email' && formatAllows));
        const valid = request(call).body as Record<string, unknown>;
        const res = await send(request(call, { body: { ...valid, email: address } }));
        expect.soft(res.statusCode < 300, `${call.name} ${address}: ${res.body}`).toBe(allowed);
        expect.soft(undocumented(call, seen(res)), `${call.name} ${address}`).toEqual([]);
      }
    }
  });

  it('answers a method a documented path does not serve with 405, Allow and a JSON error', async () => {
    const ways: [string, Partial<InjectOptions>][] = [
      ['no body', {}],
      ['no body and a JSON type', { headers: { 'content-type': 'application/json' } }],
      ['an empty body', { payload: '', headers: { 'content-length': '0' } }],
      ['a JSON body', { payload: '{}', headers: { 'content-type': 'application/json' } }],
    ];
    for (const [path, served] of Object.entries(doc.paths)) {
      const allowed = new Set(Object.keys(served).map((method) => method.toUpperCase()));
      if (allowed.has('GET')) allowed.add('HEAD');
      const url = fillPath(path, pathValues);
      for (const method of METHODS.filter((m) => !allowed.has(m))) {
        for (const [how, options] of ways) {
          const label = `${method} ${url} with ${how}`;
          const res = await app.inject({ method, url, remoteAddress: nextClient(), ...options });
          expect.soft(res.statusCode, `${label}: ${res.body}`).toBe(405);
          expect.soft(res.headers.allow, label).toBe([...allowed].sort().join(', '));
          const answer = { method, path: url, statusCode: 405, headers: res.headers };
          expect.soft(contractProblems({ ...answer, body: res.body }), label).toEqual([]);
        }
      }
    }
  });

  describe('while the server sheds load', () => {
    let shedding: FastifyInstance;
    let origin: string;
    let open!: () => void;
    let entered!: Promise<void>;

    beforeAll(async () => {
      // One request in the app at a time: while one is held, each other one waits 20 ms for a
      // place and is refused.
      shedding = await buildApp({
        config: settings({ OVERLOAD_MAX_IN_FLIGHT: '1', OVERLOAD_MAX_DELAY_MS: '20' }),
        store: test.store,
      });
      const gate = new Promise<void>((resolve) => (open = resolve));
      let enter!: () => void;
      entered = new Promise((resolve) => (enter = resolve));
      shedding.get('/api/held', async () => {
        enter();
        await gate;
        return {};
      });
      origin = `http://127.0.0.1:${await listenLocally(shedding)}`;
    });
    afterAll(async () => {
      open?.();
      await shedding?.close();
    });

    it('answers every documented call with its documented 503', async () => {
      const held = fetch(`${origin}/api/held`);
      await entered;
      for (const call of calls) {
        const ask = request(call);
        const res = await fetch(`${origin}${ask.url}`, {
          method: ask.method,
          ...(ask.body === undefined
            ? {}
            : { body: JSON.stringify(ask.body), headers: { 'content-type': 'application/json' } }),
        });
        const answer = {
          statusCode: res.status,
          headers: Object.fromEntries(res.headers),
          body: await res.text(),
        };
        expect.soft(res.status, call.name).toBe(503);
        expect.soft(res.headers.get('retry-after'), call.name).not.toBeNull();
        expect.soft(undocumented(call, answer), call.name).toEqual([]);
      }
      open();
      expect((await held).status).toBe(200);
    });
  });
});
