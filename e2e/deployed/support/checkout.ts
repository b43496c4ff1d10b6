/** Checkouts made through the front door with the fixture's server keys, and the game page's messages. */
import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import type { ReceivedMessage } from "../../support/game-page";
import { FIXTURE } from "../../support/env";
import { api } from "./front-door";
import { PUBLIC_URL } from "./env";

export type Order = { id: string; status: string; country: string; vatRateBp: number; vatCents: number; netCents: number; amountCents: number; paidAt: string | null; fulfilledAt: string | null };
export type Checkout = { order: Order; checkoutUrl: string };

/** A checkout of the fixture's 12.00 EUR chest for a new player; its URL must be on PUBLIC_URL. */
export async function newCheckout(body: { successUrl?: string; cancelUrl?: string; country?: string; locale?: string }, key: string = FIXTURE.testSecretKey): Promise<Checkout> {
  const player = `ext:deployed-${randomUUID().slice(0, 8)}`;
  const created = await api<Checkout>("POST", `/players/${player}/checkouts`, key, { packSku: FIXTURE.packs.chest, ...body }, { idempotent: true });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body.checkoutUrl).toMatch(new RegExp(`^${PUBLIC_URL.replace(/\./g, "\\.")}/pay/[A-Za-z0-9_-]+$`));
  return created.body;
}

export async function orderOf(orderId: string, key: string = FIXTURE.testSecretKey): Promise<Order> {
  const read = await api<Order>("GET", `/orders/${orderId}`, key);
  expect(read.status).toBe(200);
  return read.body;
}

export function tokenOf(checkoutUrl: string): string {
  const token = new URL(checkoutUrl).pathname.split("/")[2];
  if (!token) throw new Error(`no token in ${checkoutUrl}`);
  return token;
}

export function received(gamePage: Page): Promise<ReceivedMessage[]> {
  return gamePage.evaluate(() => (window as unknown as { received: ReceivedMessage[] }).received);
}

/** The game page got exactly this one gamecoin:order message, from the public origin. */
export async function expectOneOrderMessage(gamePage: Page, orderId: string, status: string): Promise<void> {
  await expect.poll(async () => (await received(gamePage)).length).toBeGreaterThan(0);
  await gamePage.waitForTimeout(1_000);
  expect(await received(gamePage)).toEqual([{ data: { type: "gamecoin:order", orderId, status }, origin: PUBLIC_URL }]);
}

/** Every redirect a page receives, as "<status> <Location>", to check each one points at PUBLIC_URL. */
export function recordRedirects(page: Page): string[] {
  const seen: string[] = [];
  page.on("response", (response) => {
    if (response.status() >= 300 && response.status() < 400) seen.push(`${response.status()} ${response.headers().location ?? "(none)"}`);
  });
  return seen;
}
