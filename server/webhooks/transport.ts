import "server-only";
import type { Environment } from "@/db/schema";
import { createGuardedAgent } from "./guarded-agent";
import { openSigningSecret } from "./signing-secret-store";
import type { Resolve } from "./ssrf";

/**
 * What a worker run reuses from one send to the next: one guarded agent per environment (the
 * environment decides whether localhost is allowed; its sockets stay open between sends to the same
 * receiver) and the endpoints' opened signing secrets.
 */
export class Transport {
  private readonly agents = new Map<Environment, ReturnType<typeof createGuardedAgent>>();
  /** Keyed by endpoint and stored value: a rotation stores a new value, so it is never served stale. */
  private readonly secrets = new Map<string, string | null>();
  constructor(private readonly options: { timeoutMs: number; resolve?: Resolve }) {}

  agent(env: Environment): ReturnType<typeof createGuardedAgent> {
    let agent = this.agents.get(env);
    if (!agent) {
      agent = createGuardedAgent(env, { timeoutMs: this.options.timeoutMs, resolve: this.options.resolve });
      this.agents.set(env, agent);
    }
    return agent;
  }

  /** The endpoint's secret, opened once per run; null when no configured AUTH_SECRET opens it. */
  signingSecret(endpointId: string, stored: string): string | null {
    const key = `${endpointId}\u0000${stored}`;
    if (!this.secrets.has(key)) this.secrets.set(key, openSigningSecret(endpointId, stored));
    return this.secrets.get(key) ?? null;
  }

  async close(): Promise<void> {
    await Promise.all([...this.agents.values()].map((agent) => agent.destroy()));
    this.agents.clear();
    this.secrets.clear();
  }
}
