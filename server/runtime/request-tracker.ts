import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { isDraining } from "./lifecycle";

/** The requests this server is answering: shutdown makes their connections close after the answer. */
export class RequestTracker {
  private readonly open = new Set<ServerResponse>();

  /** Call first thing for every request. */
  track(_req: IncomingMessage, res: ServerResponse): void {
    // While draining, each answer closes its connection, so a keep-alive client reconnects elsewhere.
    if (isDraining()) res.shouldKeepAlive = false;
    this.open.add(res);
    res.once("close", () => this.open.delete(res));
  }

  get size(): number {
    return this.open.size;
  }

  /** Drain starts: answers not begun yet will close their connection when sent. */
  closeConnectionsAfterAnswers(): void {
    for (const res of this.open) if (!res.headersSent) res.shouldKeepAlive = false;
  }
}
