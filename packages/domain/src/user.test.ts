import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { userSchema } from './user';
import { hasRole, initials, roleNames, storageUrl } from './user-helpers';
import { readUserValue } from './stored-user';

describe('roles (SPEC.md section 6)', () => {
  it('accepts objects with a name, strings and a comma-separated string', () => {
    expect(hasRole({ roles: [{ name: 'admin' }] }, 'admin')).toBe(true);
    expect(hasRole({ roles: ['owner', 'admin'] }, 'admin')).toBe(true);
    expect(hasRole({ roles: 'owner, admin' }, 'admin')).toBe(true);
    expect(hasRole({ roles: 'owner' }, 'admin')).toBe(false);
    expect(hasRole(null, 'admin')).toBe(false);
    expect(roleNames(' a ,, b ')).toEqual(['a', 'b']);
  });
});

describe('initials', () => {
  it('uses the first and last name', () => {
    expect(initials('Ada King Lovelace')).toBe('AL');
    expect(initials('ada')).toBe('A');
    expect(initials('')).toBe('');
    expect(initials(null)).toBe('');
  });
});

describe('storageUrl', () => {
  it('serves relative paths under /storage/ and keeps absolute URLs', () => {
    expect(storageUrl('avatars/1.png')).toBe('/storage/avatars/1.png');
    expect(storageUrl('/storage/avatars/1.png')).toBe('/storage/avatars/1.png');
    expect(storageUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(storageUrl(null)).toBeNull();
  });
});

describe('readUserValue: userSchema without zod', () => {
  const sameAsSchema = (value: unknown) => {
    const parsed = userSchema.safeParse(value);
    expect(readUserValue(value)).toEqual(parsed.success ? parsed.data : null);
  };
  const user = {
    id: 1,
    name: 'Ada',
    email: 'ada@example.com',
    business_name: 'Ada Ltd',
    company_logo: null,
    avatar_path: 'avatars/1.png',
    roles: [{ name: 'owner', id: 3 }],
    preferences: { date_format: 'dd.mm.yyyy', first_day_of_week: 1 },
    extra: 'dropped',
  };
  it('keeps a user, drops unknown keys and defaults unknown preferences', () => {
    sameAsSchema(user);
    sameAsSchema({ ...user, roles: 'owner, admin', preferences: undefined });
    sameAsSchema({ ...user, roles: ['owner', { name: 'admin' }] });
    sameAsSchema({ ...user, preferences: { date_format: 'yy', first_day_of_week: '1' } });
    sameAsSchema({ ...user, preferences: {} });
  });
  it('refuses what is not a user', () => {
    for (const value of [null, 1, 'x', [], [user]]) sameAsSchema(value);
    for (const [key, bad] of [
      ['id', 1.5],
      ['id', '1'],
      ['id', Number.MAX_SAFE_INTEGER + 2],
      ['id', Number.NaN],
      ['name', null],
      ['email', undefined],
      ['business_name', 3],
      ['company_logo', undefined],
      ['avatar_path', 1],
      ['roles', undefined],
      ['roles', [1]],
      ['roles', [{ id: 1 }]],
      ['roles', { name: 'owner' }],
      ['preferences', null],
      ['preferences', []],
      ['preferences', 'x'],
    ] as const)
      sameAsSchema({ ...user, [key]: bad });
  });
  it('answers what the schema answers for any JSON-like value in each field', () => {
    const anything = fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.integer(),
      fc.double(),
      fc.string(),
      fc.boolean(),
      fc.array(fc.oneof(fc.string(), fc.record({ name: fc.oneof(fc.string(), fc.integer()) }))),
      fc.record({
        date_format: fc.constantFrom('mm/dd/yy', 'yyyy-mm-dd', 'x', 1),
        first_day_of_week: fc.constantFrom(0, 1, 2, '1'),
      }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(user)), anything, (key, value) =>
        sameAsSchema({ ...user, [key]: value }),
      ),
    );
  });
});
