import { availableParallelism } from 'node:os';
import { Readable } from 'node:stream';
import { MessageChannel } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { MESSAGES } from '@ledgerleaf/domain';
import { AppError } from '../errors';
import type { ReportEnding } from './report-export';
import type { FileResult, FileTask, StreamLayout, StreamMessage, StreamRows } from './file-tasks';

/*
 * Files (PDFs, XLSX, CSV reports, ZIPs) are built in a pool of worker threads (piscina), never on
 * the event loop: a 500-line invoice's PDF or a 100,000-row export takes seconds of CPU, and
 * /healthz and every other request must answer meanwhile. A worker gets plain data and answers
 * bytes; it opens no database.
 *
 * Two bounds keep the pool from becoming a queue nobody comes back from: per business, at most
 * `perBusiness` files built or waiting at once; per instance, at most `queue` waiting for a free
 * thread. Past either, a download answers 429 with Retry-After at once. Files the server sends on
 * its own (emails, scheduled jobs) are never refused: they wait their turn.
 */

export interface FilePoolSettings {
  /** Worker threads (FILE_WORKERS; default: the machine's cores less one for the event loop, at least 1). */
  threads: number;
  /** Files per business built or waiting at once (FILE_JOBS_PER_BUSINESS, default 4). */
  perBusiness: number;
  /** Files waiting for a thread in this instance (FILE_QUEUE, default 32). */
  queue: number;
}

export function defaultFilePoolSettings(): FilePoolSettings {
  return { threads: Math.max(1, availableParallelism() - 1), perBusiness: 4, queue: 32 };
}

/** The worker's file: dist/file-worker.js beside the bundle, or the source run through tsx (tests, benches, dev). */
function workerEntry(): { filename: string; execArgv: string[] } {
  const here = import.meta.url;
  if (/\.ts$/.test(here)) {
    const tsx = pathToFileURL(createRequire(here).resolve('tsx')).href;
    return { filename: fileURLToPath(new URL('./file-worker.ts', here)), execArgv: ['--import', tsx] };
  }
  return { filename: fileURLToPath(new URL('./file-worker.js', here)), execArgv: [] };
}

/** Who asks for a file: a caller's download is bounded (429 past the bounds); the server's own work is not. */
export type FileRequester = { businessId: number } | 'server';

export class FilePool {
  private pool: Piscina | null = null;
  private readonly perBusiness = new Map<number, number>();
  private inFlight = 0;
  /** Mean seconds a file took (for Retry-After), moved a little by each file. */
  private meanSeconds = 1;

  constructor(readonly settings: FilePoolSettings) {}

  /** Started on first use: most test apps and many instances never build a file. */
  private piscina(): Piscina {
    if (!this.pool) {
      const entry = workerEntry();
      this.pool = new Piscina({
        filename: entry.filename,
        execArgv: entry.execArgv,
        minThreads: 0,
        maxThreads: this.settings.threads,
        idleTimeout: 30_000,
        // The bounds are checked before a task reaches piscina (a 429, not a thrown queue error);
        // the server's own files (emails, jobs) always wait their turn.
        maxQueue: Infinity,
      });
    }
    return this.pool;
  }

  /** Seconds until a refused caller is likely to get a thread. */
  private retryAfter(): number {
    const waves = Math.ceil((this.inFlight + 1) / this.settings.threads);
    return Math.min(60, Math.max(1, Math.ceil(waves * this.meanSeconds)));
  }

  private tooMany(): AppError {
    return new AppError(429, MESSAGES.tooManyRequests, { headers: { 'retry-after': String(this.retryAfter()) } });
  }

  /**
   * Takes a place for a file (throws the 429 when a bound is reached) and answers its release. For
   * a streamed file the place is held until the stream ends.
   */
  acquire(requester: FileRequester): () => void {
    const businessId = requester === 'server' ? null : requester.businessId;
    if (businessId !== null) {
      if ((this.perBusiness.get(businessId) ?? 0) >= this.settings.perBusiness) throw this.tooMany();
      if (this.inFlight - this.settings.threads >= this.settings.queue) throw this.tooMany();
      this.perBusiness.set(businessId, (this.perBusiness.get(businessId) ?? 0) + 1);
    }
    this.inFlight += 1;
    const started = performance.now();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inFlight -= 1;
      this.meanSeconds = this.meanSeconds * 0.8 + ((performance.now() - started) / 1000) * 0.2;
      if (businessId === null) return;
      const left = (this.perBusiness.get(businessId) ?? 1) - 1;
      if (left <= 0) this.perBusiness.delete(businessId);
      else this.perBusiness.set(businessId, left);
    };
  }

  /** Builds a file in a worker. */
  async run(
    requester: FileRequester,
    task: FileTask & { kind: 'invoice-pdf' | 'invoice-pdf-zip' | 'business-export' },
  ): Promise<Buffer>;
  async run(requester: FileRequester, task: FileTask & { kind: 'report'; format: 'csv' }): Promise<string>;
  async run(requester: FileRequester, task: FileTask): Promise<Buffer | string>;
  async run(requester: FileRequester, task: FileTask): Promise<Buffer | string> {
    const release = this.acquire(requester);
    try {
      const result = (await this.piscina().run(task)) as FileResult;
      return typeof result === 'string' ? result : Buffer.from(result.buffer, result.byteOffset, result.byteLength);
    } finally {
      release();
    }
  }

  /**
   * A report or a list of records streamed as CSV or XLSX, written in a worker as its rows come: `chunks` is read one
   * batch at a time, only once a worker has taken the file (so a database cursor is open only while
   * its file is being written) and only as fast as the download takes the bytes; `ending` gives the
   * totals, summary and notes once the rows are out. Throws the 429 before anything is sent; the
   * place is held until the stream ends or the download goes away.
   */
  stream(
    requester: FileRequester,
    file: { format: 'csv' | 'xlsx'; layout: StreamLayout },
    source: {
      chunks: AsyncIterator<StreamRows> & { return?: () => Promise<unknown> };
      ending: () => ReportEnding | null;
    },
  ): Readable {
    const release = this.acquire(requester);
    const { port1, port2 } = new MessageChannel();
    let stopped = false;
    let wanted = true;
    let asked = false;
    let wake: (() => void) | null = null;
    const nudge = () => {
      const resolve = wake;
      wake = null;
      resolve?.();
    };
    let done: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      done = resolve;
    });
    const out = new Readable({
      read() {
        wanted = true;
        nudge();
      },
      destroy(error, callback) {
        if (!stopped) {
          stopped = true;
          port1.postMessage({ type: 'abort' } satisfies StreamMessage);
          nudge();
          done();
        }
        callback(error);
      },
    });
    port1.on('message', (message: StreamMessage) => {
      if (message.type === 'data') {
        if (!out.push(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength)))
          wanted = false;
      } else if (message.type === 'more') {
        asked = true;
        nudge();
      } else if (message.type === 'done') done();
    });
    const task = this.piscina().run(
      { kind: 'report-stream', format: file.format, layout: file.layout, port: port2 },
      {
        transferList: [port2],
      },
    ) as Promise<unknown>;
    // A worker that fails (or never starts) must not leave the loop waiting for a `more` that never comes.
    let failed = false;
    task.catch(() => {
      failed = true;
      nudge();
    });
    const ready = () => stopped || failed || (asked && wanted);
    void (async () => {
      try {
        for (;;) {
          while (!ready())
            await new Promise<void>((resolve) => {
              wake = resolve;
            });
          if (stopped) break;
          if (failed) await task;
          const next = await source.chunks.next();
          if (next.done) {
            port1.postMessage({ type: 'end', ending: source.ending() } satisfies StreamMessage);
            break;
          }
          asked = false;
          port1.postMessage({ type: 'rows', rows: next.value } satisfies StreamMessage);
        }
        await Promise.race([task.then(() => finished), finished]);
        await task;
        if (!stopped) out.push(null);
      } catch (error) {
        if (!stopped) {
          stopped = true;
          port1.postMessage({ type: 'abort' } satisfies StreamMessage);
          out.destroy(error as Error);
        }
      } finally {
        await source.chunks.return?.().catch(() => undefined);
        port1.close();
        release();
      }
    })();
    return out;
  }

  /** Files being built or waiting, in this instance. */
  get busy(): number {
    return this.inFlight;
  }

  /** The pool as piscina runs it (streamed files post their own port), started if need be. */
  get workers(): Piscina {
    return this.piscina();
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    if (pool) await pool.destroy();
  }
}
