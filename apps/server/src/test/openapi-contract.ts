import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';

/* Checks answers against the OpenAPI document the app serves: the status is one the operation lists, the content type the documented one, the body valid against the documented schema. */

export type JsonSchema = Record<string, unknown>;

export interface MediaDoc {
  schema?: JsonSchema;
}

export interface OperationDoc {
  operationId: string;
  parameters?: Array<{ name: string; in: 'path' | 'query' | 'header'; required: boolean; schema: JsonSchema }>;
  requestBody?: { content: Record<string, MediaDoc> };
  responses: Record<string, { description: string; content?: Record<string, MediaDoc> }>;
  security?: Array<Record<string, string[]>>;
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OperationDoc>>;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** `/api/invoices/{id}` */
  path: string;
  doc: OperationDoc;
}

/** Every operation of the document, in its order. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, doc]) => ({
      method: method.toUpperCase() as Operation['method'],
      path,
      doc,
    })),
  );
}

export function operationOf(document: OpenApiDocument, method: string, path: string): OperationDoc {
  const doc = document.paths[path]?.[method.toLowerCase()];
  if (!doc) throw new Error(`${method} ${path} is not in the OpenAPI document`);
  return doc;
}

/** One Ajv for a document: the schemas zod writes are JSON Schema 2020-12, with formats (email, date-time…). */
export function createContractChecker(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  const compiled = new Map<JsonSchema, ValidateFunction>();
  const validatorOf = (schema: JsonSchema): ValidateFunction => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(schema, validate);
    }
    return validate;
  };

  return {
    /** Whether `value` is valid against `schema`, and why not. */
    validate(schema: JsonSchema, value: unknown): { valid: boolean; errors: string } {
      const validate = validatorOf(schema);
      const valid = validate(value) as boolean;
      return { valid, errors: valid ? '' : ajv.errorsText(validate.errors, { separator: '; ' }) };
    },

    /**
     * What is wrong with an answer of `method path` by the document: an undocumented status, another
     * content type than the documented one, or a body its schema refuses. Empty when it conforms.
     */
    violations(method: string, path: string, response: LightMyRequestResponse): string[] {
      const operation = operationOf(document, method, path);
      const documented = operation.responses[String(response.statusCode)];
      if (!documented)
        return [
          `status ${response.statusCode} is not documented (documented: ${Object.keys(operation.responses).join(', ')})`,
        ];
      const contentType = String(response.headers['content-type'] ?? '');
      const mediaType = contentType.split(';')[0]!.trim();
      const content = documented.content;
      if (!content) {
        return response.body.length > 0 ? [`status ${response.statusCode} documents no body, got ${contentType}`] : [];
      }
      const media = content[mediaType];
      if (!media)
        return [`content type ${contentType || '(none)'} is not the documented ${Object.keys(content).join(', ')}`];
      if (mediaType !== 'application/json' || !media.schema) return [];
      let body: unknown;
      try {
        body = JSON.parse(response.body);
      } catch {
        return ['the body is not JSON'];
      }
      const result = this.validate(media.schema, body);
      return result.valid ? [] : [`the body does not match the documented schema: ${result.errors}`];
    },
  };
}

export type ContractChecker = ReturnType<typeof createContractChecker>;
