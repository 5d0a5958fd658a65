import { validateWith } from '@ledgerleaf/domain';

type Schema = Parameters<typeof validateWith>[0];

/**
 * @mantine/form `validate` from a domain zod schema: the browser shows the very rules and messages
 * the server applies. `extra` adds values the form does not hold (e.g. the reset token).
 */
export function zodValidate<Values extends object>(schema: Schema, extra: () => Record<string, unknown> = () => ({})) {
  return (values: Values): Record<string, string> => validateWith(schema, { ...values, ...extra() }).errors;
}

/** Whether the values pass the schema as they are. */
export function isValid(schema: Schema, values: unknown): boolean {
  return validateWith(schema, values).valid;
}
