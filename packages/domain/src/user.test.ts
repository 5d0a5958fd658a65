import { describe, expect, it } from 'vitest';
import { hasRole, initials, roleNames, storageUrl } from './user';

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
