import { describe, expect, it } from 'vitest';
import { checkDefinition, decodeDefinition, encodeDefinition, newDefinition, sameDefinition } from './definition';

describe('the definition in the URL', () => {
  it('round-trips through base64url, words in any script included', () => {
    const definition = {
      ...newDefinition('clients'),
      filters: { match: 'any' as const, conditions: [{ field: 'name', mode: 'contains', value: 'Zürich & 東京 +/=' }] },
    };
    const encoded = encodeDefinition(definition);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeDefinition(encoded)).toEqual(definition);
  });

  it('reads nothing from a value that is not a definition', () => {
    expect(decodeDefinition('')).toBeNull();
    expect(decodeDefinition('not base64 at all!')).toBeNull();
    expect(decodeDefinition(encodeDefinition({ ...newDefinition(), source: 'secrets' as never }))).toBeNull();
  });

  it('compares definitions with optional parts absent or null as the same', () => {
    const saved = { ...newDefinition(), sort: undefined, group_by: undefined } as never;
    expect(sameDefinition(newDefinition(), saved)).toBe(true);
    expect(sameDefinition(newDefinition(), { ...newDefinition(), chart: 'bar' })).toBe(false);
  });

  it('checks the whitelist as the server does, keyed as its 422', () => {
    expect(checkDefinition(newDefinition())).toBeNull();
    expect(checkDefinition({ ...newDefinition(), columns: [] })).toHaveProperty('columns');
    expect(
      checkDefinition({
        ...newDefinition(),
        filters: { match: 'all', conditions: [{ field: 'issue_date', mode: 'dateIs', value: '2026-02-30' }] },
      }),
    ).toHaveProperty(['filters.conditions.0.value']);
  });
});
