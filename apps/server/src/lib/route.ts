import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { toFieldErrors, type AccessLevel } from '@ledgerleaf/domain';
import { z } from 'zod';
import type { AuthContext } from './context';
import { routeAccess } from '../plugins/auth';
import { ERROR_DOCS } from './error-docs';
import { AppError, notFound, unauthenticated, validationError } from './errors';
import { idempotencyKeyOf } from './idempotency';
import { SERVER_MESSAGES } from './messages';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The body limit of routes that need no sign-in (the app's default for the others is 1 MiB). */
export const ANONYMOUS_BODY_LIMIT_BYTES = 16 * 1024;

/**
 * Who may call an authenticated route beyond being signed in (enforced centrally by plugins/auth.ts):
 * `read` any role (the default of GET), `write` any role that is not read-only (the default of the
 * other methods), `self` any role, also read-only, for a person's own session, profile and password,
 * `admin` owners and admins only. The levels and what each role may do are the domain's (`AccessLevel`, `roleMay`), shared with the web.
 */
export type RouteAccess = AccessLevel;

export interface ResponseDoc {
  description: string;
  /** The JSON body of this status (serialised and checked through it); none for empty answers and files. */
  schema?: z.ZodType;
  /** A file answer's media type (`application/pdf`, `text/csv`, `application/zip`); JSON answers leave it unset. */
  contentType?: string;
  /**
   * Serialise this answer with a serializer compiled from `schema` (Fastify's response schema,
   * fast-json-stringify): it writes the contract's fields of the handler's own objects, not of a
   * copy zod made. For large answers (the calendar's month); the schema must have no transforms.
   * The zod check still runs outside production (tests, development), so a drift fails there.
   */
  compiled?: boolean;
  /**
   * Production sends the handler's own object through Fastify's default JSON.stringify without the
   * zod pass (which costs as much as building the answer for tens of thousands of rows); the zod
   * check still runs outside production. For large answers whose contract fast-json-stringify
   * writes slowly (the reports' cells are unions); the schema must have no transforms.
   */
  trusted?: boolean;
}

/** A response contract as the JSON Schema Fastify compiles its serializer from. */
export function compiledResponseSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }) as Record<
    string,
    unknown
  >;
  return rest;
}

/** A multipart upload's one file field, as the OpenAPI document describes the request body. */
export interface UploadDoc {
  field: string;
  description: string;
}

/** What the OpenAPI document is generated from: one entry per route, with its zod contracts. */
export interface RouteDoc {
  method: HttpMethod;
  url: string;
  summary: string;
  tags: string[];
  auth: boolean;
  /** Anyone may call; a valid bearer token identifies the caller (`auth: 'optional'`). */
  optionalAuth?: boolean;
  /** Cookie-relying writes need the X-XSRF-TOKEN header. */
  csrf: boolean;
  /** Set when the route declares one; otherwise read for GET, write for the other methods. */
  access?: RouteAccess | undefined;
  body?: z.ZodType | undefined;
  /** A multipart/form-data upload instead of a JSON body. */
  upload?: UploadDoc | undefined;
  params?: z.ZodType | undefined;
  query?: z.ZodType | undefined;
  /** Honours an `Idempotency-Key` header (documented as an optional header parameter). */
  idempotent?: boolean | undefined;
  /** Every status the route can answer: its own and those implied by how it is declared (`documentedResponses`). */
  responses: Record<number, ResponseDoc>;
  /** An old name kept working for one release: the document marks the operation `deprecated: true`. */
  deprecated?: boolean | undefined;
}

type BodyOf<B> = B extends z.ZodType ? z.output<B> : undefined;

export interface HandlerContext<B, P = undefined, Q = undefined> {
  request: FastifyRequest;
  reply: FastifyReply;
  body: BodyOf<B>;
  params: BodyOf<P>;
  query: BodyOf<Q>;
  /** The request's `Idempotency-Key` (routes declared `idempotent`; undefined when none was sent). */
  idempotencyKey: string | undefined;
}

export interface RouteDefinition<
  B extends z.ZodType | undefined,
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
> {
  method: HttpMethod;
  url: string;
  summary: string;
  tags: string[];
  /**
   * An old name kept working for one release (an alias of a renamed route, e.g. `/mark-sent` of
   * `/issue`): the OpenAPI document marks the operation `deprecated: true`. Say in `summary` what
   * replaces it. A deprecated body field is marked on its zod schema instead (`.meta({ deprecated: true })`).
   */
  deprecated?: boolean;
  /**
   * `true`: needs `Authorization: Bearer <token>`; `requireAuth(request)` then returns the caller.
   * `'optional'`: anyone may call; `request.auth` is the caller when a valid token comes, else null.
   */
  auth?: boolean | 'optional';
  /** Role needed beyond being signed in (see RouteAccess); passed to Fastify as `config.access`. */
  access?: RouteAccess;
  body?: B;
  /**
   * The body as the OpenAPI document describes it, when `body` only takes it in (`z.unknown()`) and
   * the handler checks it, because its rules depend on a path parameter (an email template's
   * placeholders depend on its key). Documentation only: what `body` parses is what is checked here.
   */
  documentedBody?: z.ZodType;
  /**
   * Honours an `Idempotency-Key` header: it is read (422 keyed `Idempotency-Key` when malformed)
   * before the handler, which gets it as `idempotencyKey`, and documented as a header parameter.
   * Routes read the key only this way, so the document names every operation that honours it.
   */
  idempotent?: boolean;
  /** Takes a multipart/form-data upload (read by the handler) rather than a JSON body: documented, not parsed here. */
  upload?: UploadDoc;
  /** Path parameters; a value that does not parse (`/api/clients/abc`) answers 404, like a missing record. */
  params?: P;
  /** Query string; a value that does not parse answers 422 with field-keyed errors. */
  query?: Q;
  /** Overrides the app's 1 MB body limit (CSV imports). */
  bodyLimit?: number;
  /** Added to the 422 body when the request body does not match (the waiting list's `success: false`). */
  validationExtra?: Record<string, unknown>;
  /**
   * The status codes its handler and services answer; a schema here is used to serialise (and check)
   * that response. The statuses every route of its kind can give (400, 401, 403, 404, 413, 415, 419,
   * 422, 429) are added by `documentedResponses`: declare one only to word it for this route (restating
   * the default is refused).
   */
  responses: Record<number, ResponseDoc>;
  rateLimit?: { max: number; timeWindow: number };
  /**
   * Answers the route's result (or a promise of it). A handler with nothing to wait for may answer
   * synchronously (`GET /api/user`): its answer is then sent without a promise.
   */
  handler(context: HandlerContext<B, P, Q>): unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeDocs: RouteDoc[];
    authenticate: onRequestHookHandler;
    /** The hook of `auth: 'optional'` routes: sets `request.auth` when a valid bearer token comes, never refuses. */
    identify: onRequestHookHandler;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/**
 * Dotted paths of the strings (and keys) in a parsed JSON body that contain U+0000. An explicit
 * stack, not recursion: however deep a value nests (query strings are not depth-checked like JSON
 * bodies), the walk cannot overflow the call stack.
 */
export function fieldsWithNul(value: unknown, path = ''): string[] {
  const found: string[] = [];
  const stack: { value: unknown; path: string }[] = [{ value, path }];
  while (stack.length > 0) {
    const { value: item, path: at } = stack.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) found.push(at || '_');
    } else if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index -= 1)
        stack.push({ value: item[index], path: at ? `${at}.${index}` : String(index) });
    } else if (item && typeof item === 'object') {
      const entries = Object.entries(item);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, child] = entries[index]!;
        const childPath = at ? `${at}.${key}` : key;
        stack.push({ value: child, path: childPath });
        if (key.includes('\u0000')) stack.push({ value: '\u0000', path: childPath });
      }
    }
  }
  return found;
}

/**
 * Every status a route can answer, for the OpenAPI document: the ones it declares, plus those that
 * follow from how it is declared, whatever its handler does:
 * - a write (POST, PUT, PATCH, DELETE) reads a body whatever it declares: 400 malformed or too deeply
 *   nested JSON, 413 over its body limit, 415 another content type; and without a bearer token it
 *   relies on cookies, so it must echo the anti-forgery token: 419 (plugins/csrf.ts);
 * - `auth: true`: 401 without a valid token; 403 when its access is more than any role has (`write`
 *   refuses read-only roles, `admin` everyone but owners and admins);
 * - path parameters: 404 when one does not parse (or names no record of the caller's business), 414
 *   when one is over the router's 200 characters, 400 when the path does not decode (`%E0%A4%A`);
 * - a body, query, upload or Idempotency-Key: 422 with field-keyed errors;
 * - a rate limit: 429.
 * (Every operation's 500 is added by the OpenAPI document itself.)
 */
export function documentedResponses(
  definition: Pick<
    RouteDefinition<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined>,
    | 'method'
    | 'url'
    | 'auth'
    | 'access'
    | 'body'
    | 'upload'
    | 'params'
    | 'query'
    | 'rateLimit'
    | 'idempotent'
    | 'responses'
  >,
): Record<number, ResponseDoc> {
  const implied: Record<number, ResponseDoc> = {};
  if (definition.method !== 'GET') {
    implied[400] = ERROR_DOCS.malformed;
    implied[413] = ERROR_DOCS.tooLarge;
    implied[415] = ERROR_DOCS.unsupportedMediaType;
    implied[419] = ERROR_DOCS.csrf;
  }
  if (definition.auth === true) {
    implied[401] = ERROR_DOCS.unauthenticated;
    const access = routeAccess(definition.method, definition.url, definition.access);
    if (access === 'admin' || (access === 'write' && definition.method !== 'GET')) implied[403] = ERROR_DOCS.forbidden;
  }
  if (definition.params) {
    implied[400] ??= ERROR_DOCS.badPath;
    implied[404] = ERROR_DOCS.notFound;
    implied[414] = ERROR_DOCS.uriTooLong;
  }
  if (definition.body || definition.query || definition.upload || definition.idempotent)
    implied[422] = ERROR_DOCS.validation;
  if (definition.rateLimit) implied[429] = ERROR_DOCS.throttled;
  // A declaration states only what differs from what its auth implies: restating it (`401:
  // e.unauthenticated` on an `auth: true` route) is refused when the route is registered.
  for (const status of [401, 403]) {
    if (implied[status] && definition.responses[status] === implied[status])
      throw new Error(`${definition.method} ${definition.url}: ${status} is implied by its auth; do not restate it`);
  }
  const all = { ...implied, ...definition.responses };
  return Object.fromEntries(Object.entries(all).sort(([a], [b]) => Number(a) - Number(b)));
}

/** The JSON Schemas of the responses to serialise through a compiled serializer, by status; null when none. */
function compiledResponses(responses: Record<number, ResponseDoc>): Record<number, Record<string, unknown>> | null {
  const compiled = Object.entries(responses).filter(([, doc]) => doc.compiled && doc.schema);
  return compiled.length === 0
    ? null
    : Object.fromEntries(compiled.map(([status, doc]) => [status, compiledResponseSchema(doc.schema!)]));
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}

/** The caller of an `auth: true` route. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/**
 * Registers a route whose body is parsed with a zod contract (422 with field-keyed errors otherwise)
 * and whose response is serialised through the contract of the status it answers, and records it
 * for the OpenAPI document. Routes stay thin: parse, call the service, answer.
 */
export function defineRoute<
  B extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
>(app: FastifyInstance, definition: RouteDefinition<B, P, Q>): void {
  const writes = definition.method !== 'GET';
  app.routeDocs.push({
    method: definition.method,
    url: definition.url,
    summary: definition.summary,
    tags: definition.tags,
    auth: definition.auth === true,
    optionalAuth: definition.auth === 'optional',
    csrf: writes && definition.auth !== true,
    access: definition.access,
    body: definition.documentedBody ?? definition.body,
    upload: definition.upload,
    params: definition.params,
    query: definition.query,
    idempotent: definition.idempotent === true,
    responses: documentedResponses(definition),
    ...(definition.deprecated ? { deprecated: true } : {}),
  });

  /** What is sent for the handler's result: checked or serialised through the contract of its status. */
  const answer = (request: FastifyRequest, reply: FastifyReply, result: unknown): unknown => {
    if (reply.sent) return reply;
    const doc = definition.responses[reply.statusCode];
    const schema = doc?.schema;
    if (!schema) return result;
    if (doc.compiled || doc.trusted) {
      // Fastify writes it (compiled serializer or JSON.stringify); production trusts the typed handler.
      if (app.deps.config.production) return result;
      const checked = schema.safeParse(result);
      if (!checked.success) {
        request.log.error(
          { issues: checked.error.issues, url: definition.url },
          'response does not match its contract',
        );
        throw new AppError(500, 'Response contract violated');
      }
      return result;
    }
    const serialised = schema.safeParse(result);
    if (!serialised.success) {
      request.log.error(
        { issues: serialised.error.issues, url: definition.url },
        'response does not match its contract',
      );
      throw new AppError(500, 'Response contract violated');
    }
    return serialised.data;
  };
  app.route({
    method: definition.method,
    url: definition.url,
    ...(definition.auth === true
      ? { onRequest: app.authenticate }
      : definition.auth === 'optional'
        ? { onRequest: app.identify }
        : {}),
    ...(definition.rateLimit || definition.access
      ? {
          config: {
            ...(definition.rateLimit ? { rateLimit: definition.rateLimit } : {}),
            ...(definition.access ? { access: definition.access } : {}),
          },
        }
      : {}),
    ...(compiledResponses(definition.responses)
      ? { schema: { response: compiledResponses(definition.responses) } }
      : {}),
    // Routes anyone may call (sign-in, registration, the waiting list, public links) take small
    // bodies only, unless they say otherwise: nobody unauthenticated can make the server read 1 MiB.
    ...(definition.bodyLimit
      ? { bodyLimit: definition.bodyLimit }
      : definition.auth
        ? {}
        : { bodyLimit: ANONYMOUS_BODY_LIMIT_BYTES }),
    // Not an async function: a handler that answers synchronously is sent without a promise.
    handler: (request, reply) => {
      let params: unknown = undefined;
      if (definition.params) {
        const parsed = definition.params.safeParse(request.params ?? {});
        if (!parsed.success) throw notFound();
        params = parsed.data;
      }
      // Before the body: a malformed key answers its own 422 whatever the body holds.
      const idempotencyKey = definition.idempotent ? idempotencyKeyOf(request) : undefined;
      let query: unknown = undefined;
      if (definition.query) {
        const nulFields = fieldsWithNul(request.query);
        if (nulFields.length > 0)
          throw validationError(Object.fromEntries(nulFields.map((field) => [field, [SERVER_MESSAGES.nulCharacter]])));
        const parsed = definition.query.safeParse(request.query ?? {});
        if (!parsed.success) throw validationError(toFieldErrors(parsed.error));
        query = parsed.data;
      }
      let body: unknown = undefined;
      if (definition.body) {
        // PostgreSQL text cannot hold NUL: refuse it for both dialects, field by field.
        const nulFields = fieldsWithNul(request.body);
        if (nulFields.length > 0)
          throw validationError(
            Object.fromEntries(nulFields.map((field) => [field, [SERVER_MESSAGES.nulCharacter]])),
            definition.validationExtra,
          );
        // A missing body is checked like an empty object, so the answer names each missing field.
        const parsed = definition.body.safeParse(request.body ?? {});
        if (!parsed.success) throw validationError(toFieldErrors(parsed.error), definition.validationExtra);
        body = parsed.data;
      }
      const result = definition.handler({
        request,
        reply,
        body: body as BodyOf<B>,
        params: params as BodyOf<P>,
        query: query as BodyOf<Q>,
        idempotencyKey,
      });
      if (isThenable(result)) return Promise.resolve(result).then((value) => answer(request, reply, value));
      // A synchronous answer to send as it is; anything else (nothing, or a reply the handler sent)
      // goes the way of an async handler's.
      if (result === undefined || reply.sent)
        return Promise.resolve(result).then((value) => answer(request, reply, value));
      return answer(request, reply, result);
    },
  });
}
