import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { isDraining } from "./lifecycle";

type Entry = { res: ServerResponse; previous: Entry | null; next: Entry | null };

/**
 * The requests this server is answering: shutdown makes their connections close after the answer.
 *
 * A linked list, not a Set: a Set that gains and loses an entry per request replaces its hash table
 * every few dozen requests, and V8 links each replaced table to its successor. Once one table has
 * reached the old generation, that link keeps every later table, and the responses in it, alive
 * through each young-generation collection, so every request in flight was promoted and collected
 * only by a full mark-compact: 10–13 of them per 10 s of spends, against 4–5 with this list
 * (docs/decisions.md, "Answers that outlive themselves").
 */
export class RequestTracker {
  private head: Entry | null = null;
  private count = 0;

  /** Call first thing for every request. */
  track(_req: IncomingMessage, res: ServerResponse): void {
    // While draining, each answer closes its connection, so a keep-alive client reconnects elsewhere.
    if (isDraining()) res.shouldKeepAlive = false;
    const entry: Entry = { res, previous: null, next: this.head };
    if (this.head) this.head.previous = entry;
    this.head = entry;
    this.count += 1;
    res.once("close", () => this.untrack(entry));
  }

  private untrack(entry: Entry): void {
    if (entry.previous) entry.previous.next = entry.next;
    else this.head = entry.next;
    if (entry.next) entry.next.previous = entry.previous;
    // An answered entry points at nothing, so it cannot keep a newer one alive.
    entry.previous = null;
    entry.next = null;
    this.count -= 1;
  }

  get size(): number {
    return this.count;
  }

  /** Drain starts: answers not begun yet will close their connection when sent. */
  closeConnectionsAfterAnswers(): void {
    for (let entry = this.head; entry; entry = entry.next) if (!entry.res.headersSent) entry.res.shouldKeepAlive = false;
  }
}
