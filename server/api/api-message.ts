import "server-only";
/**
 * The request and answer the pipeline works with. Next.js hands route handlers a web `Request`; the
 * Node server (server.ts) has an `IncomingMessage`, and building a web Request from it cost about a
 * tenth of the CPU of a spend (docs/performance.md), so each side adapts its own (web-adapter.ts,
 * node-adapter.ts).
 */
export type HeaderReader = { get(name: string): string | null };

export type ApiRequest = {
  method: string;
  /** Absolute, or the path and query as the request line had them. */
  url: string;
  headers: HeaderReader;
  /** The body's bytes, refused past 64 KiB without keeping the rest (decoded by the pipeline, one way for both adapters). */
  readBody(): Promise<Uint8Array>;
};

/** `errorCode`: the envelope's code, when the answer was made from an error here (a replayed one has its text only). */
export type ApiAnswer = { status: number; headers: Record<string, string>; body: string | null; errorCode?: string };
