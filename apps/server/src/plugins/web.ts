import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { Deps } from '../lib/context';
import { SERVER_MESSAGES } from '../lib/messages';

/** Paths the SPA fallback never answers: they belong to the API and its helpers. */
const SERVER_PREFIXES = ['/api', '/sanctum', '/storage', '/healthz'];

export function isServerPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return SERVER_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return typeof accept === 'string' && accept.includes('text/html');
}

/** The SPA's index.html, re-read when the file changes, with the CSP hashes of its inline scripts. */
class SpaIndex {
  private cached: { mtimeMs: number; html: string; scriptHashes: string[] } | undefined;
  private checkedAt = 0;

  constructor(private readonly file: string) {}

  /** The CSP hashes, looked up on every response: the file is checked at most once a second. */
  scriptHashes(): string {
    if (Date.now() - this.checkedAt > 1000) {
      this.checkedAt = Date.now();
      this.read();
    }
    return this.cached?.scriptHashes.join(' ') ?? '';
  }

  exists(): boolean {
    return existsSync(this.file);
  }

  read(): { html: string; scriptHashes: string[] } | undefined {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(this.file).mtimeMs;
    } catch {
      this.cached = undefined;
      return undefined;
    }
    if (this.cached?.mtimeMs !== mtimeMs) {
      const html = readFileSync(this.file, 'utf8');
      const scriptHashes: string[] = [];
      // Inline scripts (e.g. a colour-scheme bootstrap) are allowed by hash, never by 'unsafe-inline'.
      for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
        const body = match[1] ?? '';
        if (body.trim() === '') continue;
        scriptHashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
      }
      this.cached = { mtimeMs, html, scriptHashes };
    }
    return this.cached;
  }
}

export interface WebHandle {
  /** Answers an unmatched request that may be a browser navigation; false when it is not one. */
  fallback(request: FastifyRequest, reply: FastifyReply): boolean;
}

/**
 * Security headers for everything, the built SPA from WEB_DIST_DIR with history fallback, and
 * uploads under /storage/. Without a built SPA the API still works and pages answer 503.
 */
export async function registerWeb(app: FastifyInstance, deps: Deps): Promise<WebHandle> {
  const https = deps.config.appUrl.startsWith('https://');
  const index = new SpaIndex(join(deps.config.webDistDir, 'index.html'));

  // Mantine writes style attributes and <style> tags at run time, hence 'unsafe-inline' for styles
  // only; inline scripts of index.html (e.g. a colour-scheme bootstrap) are allowed by their hash.
  const cspFor = (scriptHashes: string): string =>
    [
      "default-src 'self'",
      `script-src 'self'${scriptHashes ? ` ${scriptHashes}` : ''}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https:",
      "font-src 'self' data:",
      "connect-src 'self'",
      "worker-src 'self' blob:",
      "manifest-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      ...(https ? ['upgrade-insecure-requests'] : []),
    ].join('; ');
  // Built once per change of index.html, not per response (this header is on the hot path).
  let csp = { hashes: '', header: cspFor('') };
  app.addHook('onRequest', async (_request, reply) => {
    const hashes = index.scriptHashes();
    if (hashes !== csp.hashes) csp = { hashes, header: cspFor(hashes) };
    void reply.header('content-security-policy', csp.header);
  });

  await app.register(helmet, {
    contentSecurityPolicy: false,
    // HSTS only makes sense (and only works) over HTTPS.
    strictTransportSecurity: https ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });

  mkdirSync(deps.config.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: deps.config.uploadsDir,
    prefix: '/storage/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    setHeaders: (reply) => {
      void reply.header('cache-control', 'public, max-age=3600');
      void reply.header('x-content-type-options', 'nosniff');
    },
  });

  const built = index.exists();
  if (built) {
    await app.register(fastifyStatic, {
      root: deps.config.webDistDir,
      prefix: '/',
      index: false,
      list: false,
      dotfiles: 'deny',
      setHeaders: (reply, path) => {
        // Vite fingerprints everything under assets/: cache forever. Everything else is revalidated.
        void reply.header(
          'cache-control',
          /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    deps.logger.warn({ webDistDir: deps.config.webDistDir }, 'web app not built: serving the API only');
  }

  const sendIndex = (reply: FastifyReply): void => {
    const page = index.read();
    if (!page) {
      void reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(SERVER_MESSAGES.webNotBuilt);
      return;
    }
    void reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page.html);
  };

  app.get('/', async (_request, reply) => {
    sendIndex(reply);
    return reply;
  });

  return {
    fallback(request, reply) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      if (isServerPath(request.url) || !acceptsHtml(request)) return false;
      sendIndex(reply);
      return true;
    },
  };
}
