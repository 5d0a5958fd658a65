import { z } from 'zod';
import { MESSAGES } from '@ledgerleaf/domain';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '../lib/idempotency';
import { ERROR_DOCS } from '../lib/error-docs';
import type { ResponseDoc, RouteDoc } from '../lib/route';

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  // Refinements (e.g. "passwords match") are not expressible in JSON Schema; they are documented by the 422 answer.
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as Record<string, unknown>;
  return rest;
}

/** `text/csv; charset=utf-8` -> `text/csv`: the media type a client matches on. */
function mediaType(contentType: string): string {
  return contentType.split(';')[0]!.trim();
}

/** A file answer: text for text types, bytes otherwise (OpenAPI 3.1 describes bytes by their media type). */
function fileSchema(contentType: string): Record<string, unknown> {
  return mediaType(contentType).startsWith('text/')
    ? { type: 'string' }
    : { type: 'string', contentMediaType: mediaType(contentType) };
}

/** OpenAPI 3.1 from the same zod contracts the routes parse and serialise with. */
export function buildOpenApiDocument(
  routes: readonly RouteDoc[],
  options: { serverUrl: string; version: string },
): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const responses: Record<string, unknown> = {};
    // Any operation can fail unexpectedly: its 500 is `{ message }` with a fixed sentence (plugins/errors.ts).
    const documented: Record<number, ResponseDoc> = {
      ...route.responses,
      500: route.responses[500] ?? ERROR_DOCS.unexpected,
    };
    for (const [status, response] of Object.entries(documented)) {
      responses[status] = {
        description: response.description,
        ...(response.contentType
          ? { content: { [mediaType(response.contentType)]: { schema: fileSchema(response.contentType) } } }
          : response.schema
            ? { content: { 'application/json': { schema: jsonSchema(response.schema, 'output') } } }
            : {}),
      };
    }
    const parameters: Array<Record<string, unknown>> = route.csrf
      ? [
          {
            name: 'X-XSRF-TOKEN',
            in: 'header',
            required: true,
            description: 'The XSRF-TOKEN cookie from GET /sanctum/csrf-cookie',
            schema: { type: 'string' },
          },
        ]
      : [];
    if (route.idempotent)
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description:
          'Makes a retry safe: a request with a key already used answers the first answer again (same status and body) without doing anything again; the same key with another request answers 422 (errors["Idempotency-Key"]). 1 to 255 visible ASCII characters, e.g. a UUID',
        schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH, pattern: '^[\\x21-\\x7e]+$' },
      });
    for (const [location, schema] of [
      ['path', route.params],
      ['query', route.query],
    ] as const) {
      if (!schema) continue;
      const described = jsonSchema(schema, 'input');
      const properties = (described.properties ?? {}) as Record<string, unknown>;
      const required = new Set((described.required ?? []) as string[]);
      for (const [name, property] of Object.entries(properties))
        parameters.push({ name, in: location, required: location === 'path' || required.has(name), schema: property });
    }
    const url = route.url.replace(/:([A-Za-z_]+)/g, '{$1}');
    const operation: Record<string, unknown> = {
      summary: route.summary,
      tags: route.tags,
      // An old name kept for one release (defineRoute's `deprecated`).
      ...(route.deprecated ? { deprecated: true } : {}),
      operationId: `${route.method.toLowerCase()}${route.url.replace(/\./g, '_').replace(/[^a-zA-Z0-9]+(.)?/g, (_match, char: string | undefined) => (char ? char.toUpperCase() : ''))}`,
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
            },
          }
        : route.upload
          ? {
              requestBody: {
                required: true,
                content: {
                  'multipart/form-data': {
                    schema: {
                      type: 'object',
                      required: [route.upload.field],
                      properties: {
                        [route.upload.field]: {
                          type: 'string',
                          contentMediaType: 'application/octet-stream',
                          description: route.upload.description,
                        },
                      },
                      additionalProperties: false,
                    },
                  },
                },
              },
            }
          : {}),
      responses,
      ...(route.auth
        ? { security: [{ bearerAuth: [] }] }
        : // Optional: no credentials, or a bearer token.
          { security: route.optionalAuth ? [{}, { bearerAuth: [] }] : [] }),
    };
    (paths[url] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Ledgerleaf API',
      version: options.version,
      description: `Invoicing, CRM and financial goals for small businesses. Errors answer { message, errors? }; 401 is "${MESSAGES.unauthenticated}", 419 is "${MESSAGES.csrfMismatch}".`,
    },
    servers: [{ url: options.serverUrl }],
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'Token from POST /web-login or POST /api/register' },
      },
    },
    paths,
  };
}
