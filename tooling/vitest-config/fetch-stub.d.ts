export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  /** The query string as an object: `{ search: 'acme', page: '2' }`. */
  query: Record<string, string>;
}
export type Responder = Response | ((call: RecordedCall) => Response | Promise<Response>);
export declare function json(status: number, body: unknown): Response;
export declare function stubFetch(routes: Record<string, Responder>): RecordedCall[];
export interface SequenceStub {
  requests: Array<{ headers: Headers; body: unknown }>;
  /** The Idempotency-Key of each matching request ('' when absent); filled as requests arrive. */
  keys: string[];
  bodies: unknown[];
}
export declare function stubSequence(
  matches: (url: string) => boolean,
  responses: Array<() => Response | Promise<Response>>,
): SequenceStub;
