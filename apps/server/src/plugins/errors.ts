import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { MESSAGES } from '@ledgerleaf/domain';
import { AppError } from '../lib/errors';
import { SERVER_MESSAGES } from '../lib/messages';
import type { WebHandle } from './web';

function send(
  reply: FastifyReply,
  status: number,
  body: Record<string, unknown>,
  headers?: Record<string, string>,
): FastifyReply {
  if (headers) for (const [name, value] of Object.entries(headers)) void reply.header(name, value);
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** Known framework errors and what the client is told. Nothing else ever shows a framework's text. */
const FRAMEWORK_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: MESSAGES.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: MESSAGES.invalidJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: MESSAGES.payloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: SERVER_MESSAGES.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: SERVER_MESSAGES.badRequest },
  FST_ERR_BAD_URL: { status: 400, message: SERVER_MESSAGES.badRequest },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, message: SERVER_MESSAGES.badRequest },
};

/**
 * Errors the router meets before any route or hook runs (a path that does not decode, a parameter
 * over the router's maximum length), which Fastify would otherwise answer in its own shape with the
 * path echoed back: `{ message }` like every other error, and nothing of the request repeated.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (error, _request, reply) => {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  void send(reply, status, { message: status === 414 ? SERVER_MESSAGES.uriTooLong : SERVER_MESSAGES.badRequest });
};

const CLIENT_ERRORS: Record<string, { status: number; reason: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    message: SERVER_MESSAGES.headersTooLarge,
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', message: SERVER_MESSAGES.requestTimeout },
};

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers or request line over 16 KiB,
 * a request too slow to arrive, bytes that are not HTTP): answered `{ message }` on the socket, then
 * closed, as Node does by default.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = (error.code && CLIENT_ERRORS[error.code]) || {
    status: 400,
    reason: 'Bad Request',
    message: SERVER_MESSAGES.badRequest,
  };
  const body = JSON.stringify({ message: known.message });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${known.status} ${known.reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(error);
}

/**
 * One error handler: `AppError`s answer with their status and body, known framework errors with a
 * fixed message, anything else 500 with a generic message (details only in the log). Never a stack.
 */
export function registerErrorHandling(app: FastifyInstance, web: WebHandle): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) {
        request.log.error({ err: error }, 'request failed');
        if (!error.details.expose) return send(reply, error.statusCode, { message: MESSAGES.unexpected });
      }
      return send(reply, error.statusCode, error.toBody(), error.details.headers);
    }
    const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
    const known = code ? FRAMEWORK_ERRORS[code] : undefined;
    if (known) return send(reply, known.status, { message: known.message });
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 429) return send(reply, 429, { message: MESSAGES.tooManyRequests });
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return send(reply, status, {
        message:
          status === 404
            ? MESSAGES.notFound
            : status === 405
              ? SERVER_MESSAGES.methodNotAllowed
              : SERVER_MESSAGES.badRequest,
      });
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, { message: MESSAGES.unexpected });
  });

  app.setNotFoundHandler((request, reply) => {
    if (web.fallback(request, reply)) return reply;
    return send(reply, 404, { message: MESSAGES.notFound });
  });
}
