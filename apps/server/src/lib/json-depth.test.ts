import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../test/harness';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from './json-depth';
import { SERVER_MESSAGES } from './messages';
import { fieldsWithNul, ANONYMOUS_BODY_LIMIT_BYTES } from './route';

const json = { 'content-type': 'application/json' };
const nestedArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const nestedObjects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

describe('jsonDepthExceeds', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    expect(jsonDepthExceeds(nestedArrays(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonDepthExceeds(nestedArrays(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonDepthExceeds(nestedObjects(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonDepthExceeds(JSON.stringify({ note: '[[[[[[[[[[{{{{{{{{{{'.repeat(20) }))).toBe(false);
    expect(jsonDepthExceeds(JSON.stringify({ note: 'a \\" [[[[ "'.repeat(50) }))).toBe(false);
    expect(jsonDepthExceeds('{"lines":[{"taxes":[{"id":1}]}]}', 3)).toBe(true);
    expect(jsonDepthExceeds('{"lines":[{"taxes":[{"id":1}]}]}', 5)).toBe(false);
  });
});

describe('fieldsWithNul', () => {
  it('finds NUL in values and keys at any depth without recursion', () => {
    expect(fieldsWithNul({ a: 'x\u0000', b: [{ c: 'ok' }, { d: '\u0000' }], ['k\u0000']: 1 }).sort()).toEqual(
      ['a', 'b.1.d', 'k\u0000'].sort(),
    );
    let deep: unknown = 'bad\u0000';
    for (let index = 0; index < 100_000; index += 1) deep = [deep];
    expect(fieldsWithNul(deep)).toHaveLength(1);
  });
});

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((t) => t.close()));
});

describe('deeply nested and oversized bodies', () => {
  it('answers 400 with a message to a deeply nested body, on anonymous and signed-in routes, and keeps serving', async () => {
    const t = await createTestApp({ build: { logger: false } });
    apps.push(t);
    const { token } = await t.register();
    for (const body of [nestedArrays(3000), nestedObjects(1900)]) {
      for (const [url, options] of [
        ['/web-login', { headers: json }],
        ['/api/clients', { token, headers: json }],
      ] as const) {
        const response = await t.post(url, body, options);
        expect(response.statusCode, url).toBe(400);
        expect(response.json()).toEqual({ message: SERVER_MESSAGES.bodyTooDeep });
      }
    }
    // A 1 MiB nested body is refused at once, and the server still answers.
    const huge = await t.post('/api/clients', nestedArrays(512 * 1024 - 1), { token, headers: json });
    expect(huge.statusCode).toBe(400);
    expect((await t.get('/healthz')).statusCode).toBe(200);
    // Ordinary bodies are untouched.
    const created = await t.post('/api/clients', { name: 'Nested Co', email: 'n@example.com' }, { token });
    expect(created.statusCode).toBe(201);
  });

  it('keeps bodies of routes anyone may call small (413), signed-in routes keep the larger limit', async () => {
    const t = await createTestApp({ build: { logger: false } });
    apps.push(t);
    const big = { email: 'a@example.com', password: 'x'.repeat(ANONYMOUS_BODY_LIMIT_BYTES) };
    const login = await t.post('/web-login', big);
    expect(login.statusCode).toBe(413);
    expect(login.json()).toEqual({ message: MESSAGES.payloadTooLarge });
    const register = await t.post('/api/register', { name: 'x'.repeat(ANONYMOUS_BODY_LIMIT_BYTES) });
    expect(register.statusCode).toBe(413);
    const { token } = await t.register();
    const note = await t.post('/api/clients', { name: 'Big notes', notes: 'x'.repeat(20_000) }, { token });
    expect(note.statusCode).not.toBe(413);
  });
});
