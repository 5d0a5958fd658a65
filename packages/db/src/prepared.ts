import type { CompiledQuery, Kysely } from 'kysely';

const SENTINEL = '\u0000ledgerleaf-param:';

interface Compilable<R> {
  compile(): CompiledQuery<R>;
}

/**
 * A query built and compiled once per database, then run with new parameter values. Building and
 * compiling a Kysely query costs several times more than running it on SQLite; this is for the few
 * queries on every request's path (token lookup).
 *
 * `build` receives placeholders (opaque strings) for the named parameters; each must be used as a
 * plain value (`where(col, '=', p.name)`), which Kysely turns into one bound parameter.
 */
export function preparedQuery<D, K extends string, R>(
  names: readonly K[],
  build: (db: Kysely<D>, params: Record<K, string>) => Compilable<R>,
): (db: Kysely<D>, values: Record<K, unknown>) => Promise<R[]> {
  const cache = new WeakMap<Kysely<D>, CompiledQuery<R>>();
  const placeholders = Object.fromEntries(names.map((name) => [name, `${SENTINEL}${name}`])) as Record<K, string>;
  return async (db, values) => {
    let compiled = cache.get(db);
    if (!compiled) {
      compiled = build(db, placeholders).compile();
      const seen = compiled.parameters.filter(
        (value) => typeof value === 'string' && value.startsWith(SENTINEL),
      ).length;
      if (seen !== names.length) throw new Error(`preparedQuery: expected ${names.length} placeholders, found ${seen}`);
      cache.set(db, compiled);
    }
    const parameters = compiled.parameters.map((value) =>
      typeof value === 'string' && value.startsWith(SENTINEL) ? values[value.slice(SENTINEL.length) as K] : value,
    );
    const result = await db.executeQuery<R>({ ...compiled, parameters });
    return result.rows;
  };
}
