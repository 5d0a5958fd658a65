import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addFieldErrors, toFieldErrors } from './errors';

describe('field-keyed errors', () => {
  it("keys named like Object.prototype's members are the map's own keys", () => {
    const parsed = z
      .strictObject({ name: z.string() })
      .safeParse(JSON.parse('{"valueOf": 1, "__proto__": 2, "name": 3}'));
    expect(parsed.success).toBe(false);
    const errors = toFieldErrors(parsed.error!);
    expect(Object.hasOwn(errors, 'valueOf')).toBe(true);
    expect(Object.hasOwn(errors, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(errors)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(errors))).toMatchObject({
      valueOf: ['Unknown field: valueOf'],
      name: [expect.any(String)],
    });
  });

  it('adds to a field already there', () => {
    const errors = {};
    addFieldErrors(errors, 'constructor', 'one');
    addFieldErrors(errors, 'constructor', 'two');
    expect(errors).toEqual({ constructor: ['one', 'two'] });
  });
});
