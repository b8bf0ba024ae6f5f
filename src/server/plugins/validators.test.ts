import { Ajv, type AnySchema } from 'ajv';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ContactBody } from '../../shared/schemas/api.js';
import { apiHarness, type ApiHarness } from '../../../test/helpers/api-app.js';

/**
 * The validators compile the code's own schemas without checking them against JSON Schema's
 * meta-schema (validators.ts: that check cost each start about 50 ms); this test is where every
 * schema the app compiles is checked instead.
 */
describe('request schemas', () => {
  let harness: ApiHarness | undefined;
  afterAll(() => harness?.close());

  const meta = new Ajv({ strict: false });
  const problems = (schema: AnySchema) =>
    meta.validateSchema(schema) ? [] : meta.errorsText(meta.errors);

  it('the check refuses a schema that is not JSON Schema', () => {
    expect(problems({ type: 'strin' })).not.toEqual([]);
    expect(problems({ type: 'object', properties: { a: { maxLength: -1 } } })).not.toEqual([]);
    expect(problems({ type: 'string', maxLength: 3 })).toEqual([]);
  });

  it('every schema of every route, and the contact form, is valid JSON Schema', async () => {
    const compile = vi.spyOn(Ajv.prototype, 'compile');
    let compiled: AnySchema[];
    try {
      // Every optional part on, so that its routes are registered and their schemas compiled.
      harness = await apiHarness('sqlite', {
        posts: [],
        env: { CONTACT_ENABLED: 'on', ANALYTICS_BEACON: 'on' },
      });
      compiled = compile.mock.calls.map(([schema]) => schema as AnySchema);
    } finally {
      compile.mockRestore();
    }
    const schemas = [...compiled, ContactBody];
    expect(schemas.length, 'schemas compiled by the app').toBeGreaterThan(20);
    const invalid = schemas.flatMap((schema) => {
      const found = problems(schema);
      return found.length ? [{ schema: JSON.stringify(schema).slice(0, 200), found }] : [];
    });
    expect(invalid).toEqual([]);
  });
});
