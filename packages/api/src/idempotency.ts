/**
 * A fresh Idempotency-Key for a money or mail write: a uuid (crypto.randomUUID where the page is a
 * secure context, else built from crypto.getRandomValues). Make one per submission and send the same
 * one when that submission is retried.
 */
export function newIdempotencyKey(): string {
  const cryptoApi = globalThis.crypto;
  if (typeof cryptoApi?.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = new Uint8Array(16);
  cryptoApi.getRandomValues(bytes);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One key per submission: the same body again (a retry after a lost answer or a double click) keeps
 * the key, so the server records the money once; a changed body is another submission. `reset()`
 * starts a new submission (a form opened again).
 */
export function createSubmissionKeys() {
  let current: { key: string; body: string } = { key: newIdempotencyKey(), body: '' };
  return {
    reset() {
      current = { key: newIdempotencyKey(), body: '' };
    },
    keyFor(body: unknown): string {
      const serialised = JSON.stringify(body);
      if (current.body !== '' && current.body !== serialised) current = { key: newIdempotencyKey(), body: serialised };
      else current.body = serialised;
      return current.key;
    },
  };
}
