/**
 * nginx spreads requests over both instances, and when one stops (SIGTERM: it closes its listener and
 * drains) the other answers everything, GETs and POSTs alike, with no error reaching the client. Runs
 * last (files run in name order): instance 1 stays stopped for the rest of the run.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { FIXTURE } from "../support/env";
import { newCheckout } from "./support/checkout";
import { INSTANCE_PORTS, laneFacts, LOG_DIR, PUBLIC_URL } from "./support/env";
import { api, header } from "./support/front-door";
import { signalGroup } from "./support/processes";

const logOf = (port: number) => readFileSync(path.join(LOG_DIR, `instance-${port}.log`), "utf8");

/** Which instance wrote the request log line of each request id (nginx's $request_id, echoed by the app). */
function servedBy(requestIds: string[]): number[] {
  const logs = INSTANCE_PORTS.map((port) => logOf(port));
  return requestIds.map((id) => {
    const holders = INSTANCE_PORTS.filter((_, i) => logs[i]?.includes(`"requestId":"${id}"`));
    return holders.length === 1 ? (holders[0] ?? 0) : 0;
  });
}

async function catalogRequestIds(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const answer = await api("GET", "/catalog", FIXTURE.testSecretKey);
    expect(answer.status).toBe(200);
    ids.push(header(answer, "x-request-id") ?? "");
  }
  return ids;
}

async function refused(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/api/ready`, { signal: AbortSignal.timeout(1_000) });
    return false;
  } catch {
    return true;
  }
}

test("both instances serve; after instance 1 stops, instance 2 answers every request", async ({ page }) => {
  const [first, second] = INSTANCE_PORTS;
  const before = await catalogRequestIds(6);
  await expect.poll(() => servedBy(before).every((port) => port !== 0)).toBe(true);
  expect(new Set(servedBy(before))).toEqual(new Set([first, second]));

  signalGroup(laneFacts().instancePids[0], "SIGTERM");
  await expect.poll(() => refused(first), { timeout: 15_000 }).toBe(true);

  const after = await catalogRequestIds(6);
  const checkout = await newCheckout({ country: "FR" });
  const created = await api("POST", `/players/ext:failover-${Date.now()}/checkouts`, FIXTURE.testSecretKey, { packSku: FIXTURE.packs.chest, country: "FR" }, { idempotent: true });
  expect(created.status).toBe(201);
  const ids = [...after, header(created, "x-request-id") ?? ""];
  await expect.poll(() => servedBy(ids).every((port) => port !== 0)).toBe(true);
  expect(servedBy(ids)).toEqual(ids.map(() => second));

  const response = await page.goto(checkout.checkoutUrl);
  expect(response?.status()).toBe(200);
  expect(page.url()).toBe(checkout.checkoutUrl);
  await expect(page.getByTestId("pack-name")).toHaveText("Crystal Chest");
  expect(checkout.checkoutUrl.startsWith(`${PUBLIC_URL}/pay/`)).toBe(true);
});
