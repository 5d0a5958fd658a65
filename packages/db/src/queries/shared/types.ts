import type { Kysely } from 'kysely';
import type { Database } from '../../schema';

/** A database or a transaction: every query function takes one of these first. */
export type Db = Kysely<Database>;
