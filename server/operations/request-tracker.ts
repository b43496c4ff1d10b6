import type { IncomingMessage, ServerResponse } from "node:http";
import { isDraining } from "./lifecycle";

/** The requests this server is answering, so shutdown knows when the last one has finished. */
export class RequestTracker {
  private readonly open = new Set<ServerResponse>();
  private readonly idleWaiters = new Set<() => void>();

  /** Call first thing for every request. */
  track(_req: IncomingMessage, res: ServerResponse): void {
    // While draining, each answer closes its connection, so a keep-alive client reconnects elsewhere.
    if (isDraining()) res.shouldKeepAlive = false;
    this.open.add(res);
    res.once("close", () => {
      this.open.delete(res);
      if (this.open.size === 0) for (const resolve of this.idleWaiters) resolve();
    });
  }

  get size(): number {
    return this.open.size;
  }

  /** Drain starts: answers not begun yet will close their connection when sent. */
  closeConnectionsAfterAnswers(): void {
    for (const res of this.open) if (!res.headersSent) res.shouldKeepAlive = false;
  }

  /** Resolves when no request is open (at once when none is). */
  idle(): Promise<void> {
    if (this.open.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.idleWaiters.delete(done);
        resolve();
      };
      this.idleWaiters.add(done);
    });
  }
}
