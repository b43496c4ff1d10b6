/** The request builders of the issue-15 scenarios beyond server spends: client spends and purchases. */
import { headers, refSegment, type LoadScenario, type SpendScenario, type Target } from "./load";

/** What the client routes need besides the server target. */
export type ClientTarget = Target & { publishableKey: string };

/** Runs `task` over `items`, `concurrency` at a time, keeping the order of the answers. */
async function mapConcurrently<T, R>(items: T[], concurrency: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < items.length) {
      const index = next++;
      out[index] = await task(items[index] as T);
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, () => worker()));
  return out;
}

/** A player token per player (createPlayerToken, secret key); tokens last one hour (SPEC). */
export function issueTokens(target: Target, refs: string[], concurrency = 16): Promise<string[]> {
  return mapConcurrently(refs, concurrency, async (ref) => {
    const response = await fetch(`${target.baseUrl}/api/v1/players/${refSegment(ref)}/tokens`, {
      method: "POST",
      headers: { authorization: `Bearer ${target.secretKey}` },
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`createPlayerToken ${ref} answered ${response.status}: ${text.slice(0, 500)}`);
    return (JSON.parse(text) as { token: string }).token;
  });
}

/** POST /client/me/wallet/spend {currency, amount: 1} with the publishable key and a random player's token. */
export function clientSpendScenario(name: string, target: ClientTarget, tokens: string[]): LoadScenario {
  const body = JSON.stringify({ currency: target.currency, amount: 1 });
  return {
    name,
    keyPrefix: "bench-client",
    requests: tokens.map((token) => ({
      path: "/api/v1/client/me/wallet/spend",
      headers: { "x-service-key": target.publishableKey, authorization: `Bearer ${token}`, "content-type": "application/json" },
      body,
    })),
  };
}

/** POST /players/{ref}/purchases {sku, quantity: 1} over `players`: coins for one item of the catalog. */
export function purchaseScenario(target: Target, { name, players, sku }: SpendScenario & { sku: string }): LoadScenario {
  const body = JSON.stringify({ sku, quantity: 1 });
  return {
    name,
    keyPrefix: "bench-buy",
    requests: players.map((ref) => ({ path: `/api/v1/players/${refSegment(ref)}/purchases`, headers: headers(target), body })),
  };
}
