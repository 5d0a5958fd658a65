import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, generateToken, hmacBase64Url, safeEqual, sha256Hex } from './crypto';

describe('crypto helpers', () => {
  it('tokens carry 256 random bits as base64url', () => {
    const tokens = new Set(Array.from({ length: 100 }, generateToken));
    expect(tokens.size).toBe(100);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
  });

  it('hashes and compares', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hmacBase64Url('k', 'v')).not.toBe(hmacBase64Url('k2', 'v'));
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });

  it('encrypts a secret at rest with APP_KEY: another key, another purpose or an altered value does not decrypt', () => {
    const key = 'k'.repeat(40);
    const stored = encryptSecret(key, 'smtp-password', 'hunter2 é');
    expect(stored).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored).not.toContain('hunter2');
    expect(encryptSecret(key, 'smtp-password', 'hunter2 é')).not.toBe(stored);
    expect(decryptSecret(key, 'smtp-password', stored)).toBe('hunter2 é');
    expect(decryptSecret('j'.repeat(40), 'smtp-password', stored)).toBeNull();
    expect(decryptSecret(key, 'other', stored)).toBeNull();
    const [v, iv, tag, data] = stored.split('.');
    const flipped = `${data!.startsWith('A') ? 'B' : 'A'}${data!.slice(1)}`;
    expect(decryptSecret(key, 'smtp-password', [v, iv, tag, flipped].join('.'))).toBeNull();
    expect(decryptSecret(key, 'smtp-password', 'garbage')).toBeNull();
  });
});
