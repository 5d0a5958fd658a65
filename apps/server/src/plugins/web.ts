import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Deps } from '../lib/context';
import { SERVER_MESSAGES } from '../lib/messages';

/** Paths the SPA fallback never answers: they belong to the API and its helpers. */
const SERVER_PREFIXES = ['/api', '/sanctum', '/storage', '/healthz'];

export function isServerPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return SERVER_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * Whether a GET may be a page view. Browsers send `text/html`; link previews, `curl` and crawlers
 * send `*\/*` and should get the page too. A client asking for JSON only (an API client on a wrong
 * path) or saying nothing gets the JSON 404 instead, and so does a path with a file extension (a
 * missing asset must not answer an HTML page with 200).
 */
function mayBePageView(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '';
  if (extname(path) !== '') return false;
  const accept = request.headers.accept;
  return typeof accept === 'string' && (accept.includes('text/html') || accept.includes('*/*'));
}

type Encoding = 'br' | 'gzip' | 'identity';

/** The best encoding the client accepts (Brotli, then gzip), ignoring ones it refuses with q=0. */
export function preferredEncoding(header: string | string[] | undefined): Encoding {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const accepted = new Set<string>();
  for (const part of value.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    if (name) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

/** The SPA's index.html, re-read when the file changes, with the CSP hashes of its inline scripts. */
class SpaIndex {
  private cached:
    { mtimeMs: number; html: string; scriptHashes: string[]; hashesText: string; br: Buffer; gzip: Buffer } | undefined;
  private checkedAt = 0;

  constructor(private readonly file: string) {}

  /** The CSP hashes, looked up on every response: the file is checked at most once a second. */
  scriptHashes(): string {
    const now = Date.now();
    if (now - this.checkedAt > 1000) {
      this.checkedAt = now;
      this.read();
    }
    return this.cached?.hashesText ?? '';
  }

  exists(): boolean {
    return existsSync(this.file);
  }

  read(): { html: string; scriptHashes: string[]; br: Buffer; gzip: Buffer } | undefined {
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
      // Compressed once per change of the file, like the assets that are compressed at build time.
      const br = brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } });
      const hashesText = scriptHashes.join(' ');
      this.cached = { mtimeMs, html, scriptHashes, hashesText, br, gzip: gzipSync(html, { level: 9 }) };
    }
    return this.cached;
  }
}

/**
 * The security headers of every answer besides the CSP: the ones @fastify/helmet set with this app's
 * options (no CSP of its own, no COEP, `frameguard: deny`, HSTS over HTTPS only), precomputed once.
 * The plugin built a helmet middleware on every request, a large part of a small API answer's cost.
 */
export function securityHeaders({ https }: { https: boolean }): Readonly<Record<string, string>> {
  return Object.freeze({
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    // HSTS only makes sense (and only works) over HTTPS.
    ...(https ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  });
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
  // Built once per change of index.html, not per response (these headers are on every request's path).
  let csp = { hashes: '', header: cspFor('') };
  const headers = securityHeaders({ https });
  app.addHook('onRequest', (_request, reply, done) => {
    const hashes = index.scriptHashes();
    if (hashes !== csp.hashes) csp = { hashes, header: cspFor(hashes) };
    // Set before the handler runs, so a route may still answer its own (the inline PDF's framing).
    void reply.headers(headers).header('content-security-policy', csp.header);
    done();
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
      // The build writes `.br` and `.gz` beside every script, style sheet and SVG (apps/web's
      // vite.config.ts); they are sent to clients that accept them, with `Vary: Accept-Encoding`.
      preCompressed: true,
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

  const sendIndex = (request: FastifyRequest, reply: FastifyReply): void => {
    const page = index.read();
    if (!page) {
      void reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(SERVER_MESSAGES.webNotBuilt);
      return;
    }
    void reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding === 'identity') {
      void reply.send(page.html);
      return;
    }
    void reply.header('content-encoding', encoding).send(encoding === 'br' ? page.br : page.gzip);
  };

  app.get('/', async (request, reply) => {
    sendIndex(request, reply);
    return reply;
  });

  return {
    fallback(request, reply) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      if (isServerPath(request.url) || !mayBePageView(request)) return false;
      sendIndex(request, reply);
      return true;
    },
  };
}
