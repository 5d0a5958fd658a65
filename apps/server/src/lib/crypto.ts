import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hash,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/** 256 random bits, base64url (43 characters): access tokens, reset tokens. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of a token (one-shot `hash`: no Hash object on every request's path). */
export function sha256Hex(value: string): string {
  return hash('sha256', value, 'hex');
}

export function hmacBase64Url(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}

/** Constant-time comparison of two strings (different lengths are simply unequal). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The AES-256 key a purpose (`smtp-password`) derives from APP_KEY (HKDF-SHA256): one key per use. */
function secretKey(appKey: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appKey, 'ledgerleaf', `secret:${purpose}`, 32));
}

/**
 * A secret kept at rest (a mail server's password): AES-256-GCM under a key derived from APP_KEY,
 * written `v1.<iv>.<tag>.<ciphertext>` in base64url. The purpose is bound in as associated data, so
 * a value encrypted for one use does not decrypt for another.
 */
export function encryptSecret(appKey: string, purpose: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretKey(appKey, purpose), iv);
  cipher.setAAD(Buffer.from(purpose));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The secret `encryptSecret` kept; null when it does not decrypt (another APP_KEY, or altered). */
export function decryptSecret(appKey: string, purpose: string, stored: string): string | null {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || ciphertext === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', secretKey(appKey, purpose), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
