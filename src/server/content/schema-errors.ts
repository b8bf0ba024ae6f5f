import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';

/** Defaults applied, then checked: the value, or one readable line per problem. */
export function validate<T>(
  schema: TSchema,
  input: unknown,
): { ok: true; value: T } | { ok: false; problems: string[] } {
  const value = Value.Default(schema, structuredClone(input));
  const errors = Value.Errors(schema, value);
  if (errors.length === 0) return { ok: true, value: value as T };
  const problems = new Set<string>();
  for (const error of errors) {
    const params = error.params as Record<string, unknown>;
    const at = error.instancePath ? error.instancePath.slice(1).replaceAll('/', '.') : '';
    const field = (name: string) => (at ? `${at}.${name}` : name);
    if (error.keyword === 'boolean') continue; // repeated by the additionalProperties entry
    if (error.keyword === 'required' && Array.isArray(params.requiredProperties)) {
      for (const name of params.requiredProperties)
        problems.add(`"${field(String(name))}": is required`);
    } else if (
      error.keyword === 'additionalProperties' &&
      Array.isArray(params.additionalProperties)
    ) {
      for (const name of params.additionalProperties)
        problems.add(`"${field(String(name))}": is not a known field`);
    } else {
      problems.add(`"${at || '(root)'}": ${error.message}`);
    }
  }
  return { ok: false, problems: [...problems] };
}
