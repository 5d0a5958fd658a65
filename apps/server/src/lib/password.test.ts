import { describe, expect, it } from 'vitest';
import { PasswordHasher, PRODUCTION_PASSWORD_PARAMS } from './password';

describe('PasswordHasher', () => {
  it('uses OWASP argon2id parameters in production: m=19456 KiB, t=2, p=1', async () => {
    expect(PRODUCTION_PASSWORD_PARAMS).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    const hasher = new PasswordHasher();
    const hash = await hasher.hash('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(hash, 'correct horse battery')).toBe(true);
    expect(await hasher.verify(hash, 'wrong')).toBe(false);
  });

  it('salts every hash', async () => {
    const hasher = new PasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
    expect(await hasher.hash('same password')).not.toBe(await hasher.hash('same password'));
  });

  it('answers false for malformed hashes and for the dummy check', async () => {
    const hasher = new PasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
    expect(await hasher.verify('not a hash', 'x')).toBe(false);
    expect(await hasher.verifyDummy('anything')).toBe(false);
  });

  it('hashes passwords up to the maximum length, unicode included', async () => {
    const hasher = new PasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
    const password = 'pässwörd-🔑'.repeat(11).slice(0, 128);
    expect(await hasher.verify(await hasher.hash(password), password)).toBe(true);
  });

  it('tells when a hash was made with other parameters', async () => {
    const cheap = new PasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
    const hash = await cheap.hash('some password');
    expect(cheap.needsRehash(hash)).toBe(false);
    expect(new PasswordHasher().needsRehash(hash)).toBe(true);
    expect(cheap.needsRehash('$2y$10$bcrypt-hash')).toBe(true);
  });
});
