import "server-only";
import type { Environment } from "@/db/schema";
import { checkEndpointUrl } from "@/server/webhooks/endpoint-url";
import { systemResolve, type Resolve } from "@/server/webhooks/ssrf";

/**
 * Checks a webhook URL (rules, then DNS) before the audited transaction opens, and returns a resolver
 * that answers from that same lookup. The domain function checks again inside the transaction, but
 * from memory: no open transaction waits on the network, and the name is resolved once per request.
 */
export async function precheckedResolve(url: string, env: Environment, resolve: Resolve = systemResolve): Promise<Resolve> {
  const answers = new Map<string, Promise<string[]>>();
  const remembered: Resolve = (host) => {
    let answer = answers.get(host);
    if (!answer) {
      answer = resolve(host);
      answers.set(host, answer);
    }
    return answer;
  };
  await checkEndpointUrl(url, env, remembered);
  return remembered;
}
