import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/** A JSON Schema as the OpenAPI document writes it. */
export type JsonSchema = Record<string, unknown> & {
  type?: string | string[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  format?: string;
  required?: string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: boolean;
};

export interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface Media {
  schema?: JsonSchema;
}

export interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, Media> };
  responses: Record<
    string,
    { description: string; headers?: Record<string, unknown>; content?: Record<string, Media> }
  >;
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

/** One documented call: its path template (`/api/post/{slug}`), method (upper case) and operation. */
export interface DocumentedCall {
  path: string;
  method: string;
  operation: Operation;
  /** `GET /api/post/{slug}`, for messages. */
  name: string;
}

/** Every operation of the document, in its order. */
export function documentedCalls(doc: OpenApiDocument): DocumentedCall[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      path,
      method: method.toUpperCase(),
      operation,
      name: `${method.toUpperCase()} ${path}`,
    })),
  );
}

/** A path template with each `{name}` replaced by its value, percent-encoded. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for the parameter {${name}} of ${path}`);
    return encodeURIComponent(value);
  });
}

/** Texts tried against a documented pattern, to find some that break it. */
const PATTERN_BREAKERS = ['Not-A-Slug', 'under_score', 'two words', '-', 'trailing-'];

/**
 * Values of a path or query parameter that its documented schema refuses: one past each bound
 * it states, a number that is no integer, text that its pattern does not match.
 */
export function valuesOutside(schema: JsonSchema): string[] {
  const values: string[] = [];
  if (schema.type === 'integer') {
    if (schema.minimum !== undefined) values.push(String(schema.minimum - 1));
    if (schema.maximum !== undefined) values.push(String(schema.maximum + 1));
    values.push('1.5', 'abc');
  }
  if (schema.type === 'string') {
    if (schema.maxLength !== undefined) values.push('a'.repeat(schema.maxLength + 1));
    if (schema.pattern) {
      const pattern = new RegExp(schema.pattern, 'u');
      values.push(...PATTERN_BREAKERS.filter((text) => !pattern.test(text)).slice(0, 2));
    }
  }
  return values;
}

/** An answer as the checks read it, from `inject()` or from a socket. */
export interface SeenAnswer {
  statusCode: number;
  /** Lower-case names. */
  headers: Record<string, unknown>;
  body: string;
}

/** Values checked against the document's schemas, with every format JSON Schema names. */
export class DocumentedSchemas {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  /** Parameters are text: numbers in them are read as the server reads them. */
  private readonly params = new Ajv({ strict: false, coerceTypes: true });
  private readonly compiled = new WeakMap<JsonSchema, ValidateFunction>();
  private readonly compiledParams = new WeakMap<JsonSchema, ValidateFunction>();

  constructor() {
    addFormats.default(this.ajv);
  }

  private validator(schema: JsonSchema): ValidateFunction {
    let validate = this.compiled.get(schema);
    if (!validate) {
      validate = this.ajv.compile(schema);
      this.compiled.set(schema, validate);
    }
    return validate;
  }

  /** What is wrong with `value` under `schema`, as Ajv words it; empty when it fits. */
  problems(schema: JsonSchema, value: unknown): string[] {
    const validate = this.validator(schema);
    if (validate(value)) return [];
    return (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
  }

  /**
   * What of an answer its call's documentation does not say: its status, a header it promises,
   * its type, its body; empty when the document says all of it.
   */
  undocumented(call: DocumentedCall, answer: SeenAnswer): string[] {
    const response = call.operation.responses[String(answer.statusCode)];
    const documented = Object.keys(call.operation.responses).join(', ');
    if (!response) return [`${answer.statusCode} is not documented (only ${documented})`];
    const missing = Object.keys(response.headers ?? {})
      .filter((name) => answer.headers[name.toLowerCase()] === undefined)
      .map((name) => `no ${name} header, which the document promises`);
    if (missing.length) return missing;
    const contentType = String(answer.headers['content-type'] ?? '');
    const media = Object.entries(response.content ?? {});
    if (media.length === 0)
      return answer.body === '' ? [] : [`a body where none is documented: ${answer.body}`];
    const found = media.find(([type]) => contentType.startsWith(type));
    if (!found) return [`${contentType} where ${media.map(([t]) => t)} is documented`];
    const schema = found[1].schema;
    if (!schema) return [`no schema documented for ${answer.statusCode}`];
    return this.problems(schema, JSON.parse(answer.body)).map(
      (problem) => `${answer.statusCode}: ${problem}`,
    );
  }

  /** Whether a parameter's text fits its documented schema. */
  parameterFits(schema: JsonSchema, text: string): boolean {
    let validate = this.compiledParams.get(schema);
    if (!validate) {
      validate = this.params.compile(schema);
      this.compiledParams.set(schema, validate);
    }
    return validate(text) as boolean;
  }
}

/** A schema without the words that describe it (description, default): what it accepts, alone. */
export function acceptedBy(schema: JsonSchema): JsonSchema {
  const { description: _d, default: _default, ...rest } = schema;
  return rest;
}
