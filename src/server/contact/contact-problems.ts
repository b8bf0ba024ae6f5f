import { Ajv } from 'ajv';
import { ContactBody } from '../../shared/schemas/api.js';

/** The contact form's labels, by field: problems are named as the visitor sees the fields. */
const LABELS: Record<keyof ContactBody, string> = {
  name: 'Your name',
  email: 'Your email',
  subject: 'Subject',
  message: 'Message',
};
export const CONTACT_FIELDS = Object.keys(LABELS) as Array<keyof ContactBody>;

// Its schema is checked against the meta-schema by validators.test.ts, not at each start.
const ajv = new Ajv({ allErrors: true, strict: false, validateSchema: false });
// The API's own schema: the form and the JSON call accept exactly the same messages.
const validate = ajv.compile<ContactBody>(ContactBody);

/**
 * What is wrong with a contact message, one line per field in the form's order, each naming the
 * field by its label; empty when it can be stored.
 */
export function contactProblems(fields: Record<keyof ContactBody, string>): string[] {
  if (validate(fields)) return [];
  const byField = new Map<string, string>();
  for (const error of validate.errors ?? []) {
    const field = error.instancePath.slice(1) as keyof ContactBody;
    if (!(field in LABELS) || byField.has(field)) continue;
    const limit = (error.params as { limit?: number }).limit;
    byField.set(
      field,
      fields[field] === ''
        ? `${LABELS[field]}: please fill it in.`
        : error.keyword === 'maxLength'
          ? `${LABELS[field]}: at most ${limit} characters, please.`
          : field === 'email'
            ? `${LABELS[field]}: "${fields[field]}" is not an e-mail address such as name@example.com.`
            : `${LABELS[field]}: ${error.message ?? 'is not valid'}.`,
    );
  }
  return CONTACT_FIELDS.flatMap((field) => byField.get(field) ?? []);
}
