import { describe, expect, it } from 'vitest';
import { toCsv, toCsvStream } from './csv';

describe('toCsvStream', () => {
  it('writes toCsv’s bytes batch by batch, pulling a batch only when the reader wants more', async () => {
    const columns = ['id', 'name', 'active', 'note'] as const;
    const rows = Array.from({ length: 1_234 }, (_, index) => ({
      id: index,
      name: index % 100 === 0 ? `=cmd|' /C calc'!A${index}` : `Client "${index}", Inc.`,
      active: index % 2 === 0,
      note: index % 3 === 0 ? null : 'line\nbreak',
    }));
    let pulled = 0;
    async function* batches() {
      for (let start = 0; start < rows.length; start += 500) {
        pulled += 1;
        yield rows.slice(start, start + 500);
        if (start === 500) yield [];
      }
    }
    const stream = toCsvStream(columns, batches());
    // Nothing is read before the download asks.
    expect(pulled).toBe(0);
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    expect(text).toBe(toCsv(columns, rows));
    expect(pulled).toBe(3);
    expect(toCsv(columns, [])).toBe('id,name,active,note\r\n');
    async function* none(): AsyncGenerator<typeof rows> {}
    let empty = '';
    for await (const chunk of toCsvStream(columns, none())) empty += String(chunk);
    expect(empty).toBe('id,name,active,note\r\n');
  });
});
