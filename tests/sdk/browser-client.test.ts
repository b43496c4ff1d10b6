import { describe, expect, it } from "vitest";
import { GamecoinBrowser, type CredentialStorage } from "@/sdk/src/index";
import { createTestGame, useDatabase } from "../harness";
import { PACK_CATALOG, recordingFetch, sdkBaseUrl } from "./app-server";

useDatabase();

function memoryStorage(): CredentialStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v), removeItem: (k) => void items.delete(k) };
}

/** A stand-in for the game page's window: window.open gives a popup whose navigation and closing the test drives. */
class FakeWindow extends EventTarget {
  screenX = 0;
  screenY = 0;
  outerWidth = 1280;
  outerHeight = 800;
  opened: { url: string; target: string; features: string }[] = [];
  popup: { location: { href: string }; closed: boolean; close: () => void } | null = null;
  open(url: string, target: string, features: string) {
    this.opened.push({ url, target, features });
    const popup = { location: { href: url }, closed: false, close: () => void (popup.closed = true) };
    this.popup = popup;
    return popup;
  }
  /** What the payment page's confirmation posts to its opener. */
  post(data: unknown, origin: string, source: unknown = this.popup) {
    this.dispatchEvent(Object.assign(new Event("message"), { data, origin, source }));
  }
}

async function payInTestMode(secretKey: string, orderId: string): Promise<void> {
  const response = await fetch(`${await sdkBaseUrl()}/test-helpers/orders/${orderId}/pay`, { method: "POST", headers: { authorization: `Bearer ${secretKey}` } });
  expect(response.status).toBe(200);
}

async function waitFor<T>(read: () => T | null | undefined): Promise<T> {
  for (let i = 0; i < 200; i += 1) {
    const value = read();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("timed out");
}

describe("GamecoinBrowser: anonymous players", () => {
  it("createAnonymousPlayer keeps the playerSecret in storage; a new client on the same storage gets tokens from it", async () => {
    const game = await createTestGame({ catalog: PACK_CATALOG });
    const baseUrl = await sdkBaseUrl();
    const storage = memoryStorage();
    const client = new GamecoinBrowser({ publishableKey: game.publishableKey, baseUrl, storage });
    const created = await client.createAnonymousPlayer({ displayName: "Nova" });
    expect(created.player).toMatchObject({ kind: "hosted", externalId: null, displayName: "Nova" });
    expect(created.playerSecret.length).toBeGreaterThan(0);
    expect(JSON.parse(storage.items.get(`gamecoin:${game.publishableKey}:player`) ?? "null")).toEqual({ playerId: created.player.id, playerSecret: created.playerSecret });

    const me = await client.getMe();
    expect(me.player.id).toBe(created.player.id);

    // Next visit: no token in memory, the stored secret gets one (createClientPlayerToken).
    const { fetch: recorded, attempts } = recordingFetch();
    const later = new GamecoinBrowser({ publishableKey: game.publishableKey, baseUrl, storage, fetch: recorded });
    expect((await later.ensurePlayer()).player.id).toBe(created.player.id);
    expect(attempts.map((a) => new URL(a.url).pathname.replace(/^\/api\/v1/, ""))).toEqual(["/client/players/token", "/client/me"]);

    later.signOut();
    expect(storage.items.size).toBe(0);
    await expect(later.getMe()).rejects.toMatchObject({ status: 401, code: "UNAUTHENTICATED" });
  });
});

/** A client whose fetch keeps the last checkout answer, so the test knows the order id the payment page would report. */
async function shopClient(publishableKey: string) {
  const checkouts: { order: { id: string }; checkoutUrl: string }[] = [];
  const spy: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (new URL(String(input)).pathname.endsWith("/client/me/checkouts")) checkouts.push(await response.clone().json());
    return response;
  };
  const client = new GamecoinBrowser({ publishableKey, baseUrl: await sdkBaseUrl(), fetch: spy });
  await client.createAnonymousPlayer();
  return { client, checkouts };
}

describe("GamecoinBrowser.buyPack", () => {
  it("opens the window inside the call, sends it to the payment page, and resolves on the gamecoin:order message with the final order", async () => {
    const game = await createTestGame({ catalog: PACK_CATALOG });
    const win = new FakeWindow();
    const { client, checkouts } = await shopClient(game.publishableKey);
    const bought = client.buyPack("p500", { window: win as unknown as Window });
    // Synchronously, before any await: popup blockers allow only windows opened in the click itself.
    expect(win.opened).toHaveLength(1);
    expect(win.opened[0]?.url).toBe("about:blank");
    expect(win.opened[0]?.features).toContain("popup");

    const checkoutUrl = await waitFor(() => (win.popup?.location.href.startsWith("http") ? win.popup.location.href : null));
    const checkout = checkouts[0];
    expect(checkout?.checkoutUrl).toBe(checkoutUrl);
    const orderId = checkout?.order.id ?? "";
    const paymentOrigin = new URL(checkoutUrl).origin;
    await payInTestMode(game.secretKey, orderId);

    // Messages from another origin, another window, of another type or for another order are ignored.
    win.post({ type: "gamecoin:order", orderId, status: "fulfilled" }, "https://evil.example");
    win.post({ type: "gamecoin:order", orderId, status: "fulfilled" }, paymentOrigin, {});
    win.post({ type: "other", orderId, status: "fulfilled" }, paymentOrigin);
    win.post({ type: "gamecoin:order", orderId: "ffffffffffffffffffffffff", status: "fulfilled" }, paymentOrigin);
    let settled = false;
    void bought.then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(settled).toBe(false);

    win.post({ type: "gamecoin:order", orderId, status: "fulfilled" }, paymentOrigin);
    const order = await bought;
    expect(order).toMatchObject({ id: orderId, status: "fulfilled" });
    expect((await client.getMe()).wallet.balances).toEqual([{ currency: "coins", paid: 500, bonus: 50, total: 550 }]);
  });

  it("when the window closes without a message, it reads the order and resolves with it", async () => {
    const game = await createTestGame({ catalog: PACK_CATALOG });
    const win = new FakeWindow();
    const { client, checkouts } = await shopClient(game.publishableKey);
    const bought = client.buyPack("p500", { window: win as unknown as Window, closedPollMs: 0 });
    await waitFor(() => checkouts[0]);
    await waitFor(() => (win.popup?.location.href.startsWith("http") ? true : null));
    win.popup?.close();
    expect(await bought).toMatchObject({ id: checkouts[0]?.order.id, status: "pending" });
  });

  it("a refused checkout closes the window and rejects with GamecoinError; a blocked popup rejects with POPUP_BLOCKED", async () => {
    const game = await createTestGame({ catalog: PACK_CATALOG });
    const win = new FakeWindow();
    const { client } = await shopClient(game.publishableKey);
    await expect(client.buyPack("no-such-pack", { window: win as unknown as Window })).rejects.toMatchObject({ status: 404, code: "NOT_FOUND" });
    expect(win.popup?.closed).toBe(true);
    const blocking = Object.assign(new FakeWindow(), { open: () => null });
    await expect(client.buyPack("p500", { window: blocking as unknown as Window })).rejects.toMatchObject({ status: 0, code: "POPUP_BLOCKED" });
  });
});
