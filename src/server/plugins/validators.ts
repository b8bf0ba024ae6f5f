import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

function makeAjv(options: Options): Ajv {
  const ajv = new Ajv({
    removeAdditional: false,
    useDefaults: true,
    allErrors: false,
    strict: false,
    // The schemas are the code's own (TypeBox), checked against JSON Schema's meta-schema by
    // validators.test.ts; checking them again at each start compiled the meta-schema once per
    // Ajv instance, about 50 ms of CPU a process.
    validateSchema: false,
    ...options,
  });
  addFormats.default(ajv, ['email', 'uri', 'date-time']);
  return ajv;
}

// Paths and query strings are text, so numbers in them are coerced; a JSON body is taken
// as sent, so {"email": 42} is refused instead of silently becoming "42".
const coercing = makeAjv({ coerceTypes: 'array' });
const strict = makeAjv({ coerceTypes: false });

/** Validates request parts with the shared TypeBox schemas. */
export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? strict : coercing).compile(schema);
