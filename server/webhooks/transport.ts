import "server-only";
import type { Environment } from "@/db/schema";
import { createGuardedAgent } from "./guarded-agent";
import type { Resolve } from "./ssrf";

/** One guarded agent per environment for a run (the environment decides whether localhost is allowed). */
export class Transport {
  private readonly agents = new Map<Environment, ReturnType<typeof createGuardedAgent>>();
  constructor(private readonly options: { timeoutMs: number; resolve?: Resolve }) {}

  agent(env: Environment): ReturnType<typeof createGuardedAgent> {
    let agent = this.agents.get(env);
    if (!agent) {
      agent = createGuardedAgent(env, { timeoutMs: this.options.timeoutMs, resolve: this.options.resolve });
      this.agents.set(env, agent);
    }
    return agent;
  }

  async close(): Promise<void> {
    await Promise.all([...this.agents.values()].map((agent) => agent.destroy()));
    this.agents.clear();
  }
}
