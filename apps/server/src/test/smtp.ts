import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The SMTP envelope: who the server was asked to deliver to. */
  envelopeTo: string[];
  raw: Buffer;
  parsed: Email;
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  port: number;
  /** Logins tried (user names), accepted or not. */
  logins: string[];
  received: ReceivedMail[];
  /** Resolves once `count` messages arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Resolves with the first message that `match` accepts, once it arrived. */
  waitForMatch(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export interface TestSmtpOptions {
  /** Require this login (AUTH PLAIN/LOGIN over plain SMTP on loopback); a wrong one is refused with 535. */
  auth?: { user: string; pass: string };
  /** Refuse the first `n` messages with `451 Try again later` (a refusal retrying can fix). */
  refuseFirst?: number;
}

/**
 * A real SMTP server on loopback with a random port, no TLS and (unless `auth`) no authentication,
 * that keeps and parses (postal-mime) every message it receives.
 */
export async function startTestSmtpServer(options: TestSmtpOptions = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const logins: string[] = [];
  const waiters = new Set<() => void>();
  let toRefuse = options.refuseFirst ?? 0;
  const auth = options.auth;
  const server = new SMTPServer({
    secure: false,
    authOptional: !auth,
    // Plain SMTP on loopback: no STARTTLS to upgrade to, and AUTH only when a login is required.
    disabledCommands: auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(login, _session, callback) {
      logins.push(login.username ?? '');
      if (auth && login.username === auth.user && login.password === auth.pass) {
        callback(null, { user: login.username });
        return;
      }
      callback(Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        if (toRefuse > 0) {
          toRefuse -= 1;
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks);
        PostalMime.parse(raw)
          .then((parsed) => {
            received.push({ envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address), raw, parsed });
            for (const waiter of [...waiters]) waiter();
            callback();
          })
          .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // smtp-server keeps its net.Server as `server`; its address tells the random port.
  const { port } = (server as unknown as { server: { address(): AddressInfo } }).server.address();

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    logins,
    received,
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(received.slice(0, count));
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} messages, received ${received.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    waitForMatch(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error('no matching message arrived'));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close() {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
