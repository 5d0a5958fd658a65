import { z } from 'zod';

/** Field-keyed validation errors: `{ email: ['...'], password: ['...'] }`. */
export type FieldErrors = Record<string, string[]>;

export const errorResponseSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/**
 * Adds messages under `field`, whatever it is called: a body's unknown key may be `valueOf`,
 * `constructor` or `__proto__`, which `errors[field] ??= []` would find on (or assign to) the
 * object's prototype. The field is always the map's own key.
 */
export function addFieldErrors(errors: FieldErrors, field: string, ...messages: string[]): void {
  if (Object.hasOwn(errors, field)) errors[field]!.push(...messages);
  else
    Object.defineProperty(errors, field, {
      value: [...messages],
      enumerable: true,
      writable: true,
      configurable: true,
    });
}

/** Turns zod issues into the field-keyed map the API answers with on 422. */
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const result: FieldErrors = {};
  for (const issue of error.issues) {
    let key = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const unknownKey of issue.keys) {
        const field = key ? `${key}.${unknownKey}` : unknownKey;
        addFieldErrors(result, field, `Unknown field: ${field}`);
      }
      continue;
    }
    if (key === '') key = '_';
    addFieldErrors(result, key, issue.message);
  }
  return result;
}

/** Every message of a field-keyed map, flattened in field order and joined (', ' for login, '\n' for registration). */
export function flattenFieldErrors(errors: FieldErrors | null | undefined, separator: string): string {
  if (!errors) return '';
  return Object.values(errors)
    .flat()
    .filter((message) => typeof message === 'string' && message.length > 0)
    .join(separator);
}

/** The first message per field, for showing under form fields. */
export function firstFieldErrors(errors: FieldErrors | null | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors ?? {})) {
    if (messages[0]) result[field] = messages[0];
  }
  return result;
}

/** Validation result in the shape a form wants: `{ valid, errors }` with the first message per field. */
export function validateWith<T>(
  schema: z.ZodType<T>,
  values: unknown,
): { valid: true; data: T; errors: Record<string, string> } | { valid: false; errors: Record<string, string> } {
  const result = schema.safeParse(values);
  if (result.success) return { valid: true, data: result.data, errors: {} };
  return { valid: false, errors: firstFieldErrors(toFieldErrors(result.error)) };
}
