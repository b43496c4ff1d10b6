// A browser game's shop on @gamecoin/sdk's browser build: an anonymous player, its wallet, and packs
// sold through the hosted payment page. Configure it with the query string:
//   ?api=http://localhost:3000/api/v1&key=svc_pk_test_…
import { GamecoinBrowser, GamecoinError } from "./sdk/browser.js";

const params = new URLSearchParams(location.search);
const gamecoin = new GamecoinBrowser({
  baseUrl: params.get("api") ?? "http://localhost:3000/api/v1",
  publishableKey: params.get("key") ?? "",
  // The anonymous player's id and secret survive a reload.
  storage: window.localStorage,
});

const $ = (id) => document.getElementById(id);

function euros(cents) {
  return new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR" }).format(cents / 100);
}

function showWallet(wallet) {
  $("wallet").replaceChildren(
    ...wallet.balances.map((balance) => {
      const li = document.createElement("li");
      li.dataset.currency = balance.currency;
      li.textContent = `${balance.currency}: ${balance.total}`;
      return li;
    }),
  );
}

function say(text) {
  $("status").textContent = text;
}

async function buy(pack) {
  say(`Buying ${pack.name}…`);
  try {
    // Straight from the click, no await before it: the payment window opens inside the click.
    const order = await gamecoin.buyPack(pack.sku);
    say(`Order ${order.id}: ${order.status}`);
    showWallet((await gamecoin.getMe()).wallet);
  } catch (error) {
    say(error instanceof GamecoinError ? `Refused: ${error.code}` : String(error));
  }
}

function showPacks(catalog) {
  $("packs").replaceChildren(
    ...catalog.packs.map((pack) => {
      const row = document.createElement("div");
      row.className = "pack";
      const label = document.createElement("span");
      label.textContent = `${pack.name} (${euros(pack.priceCents)})`;
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = `Buy ${pack.name}`;
      button.addEventListener("click", () => void buy(pack));
      row.append(label, button);
      return row;
    }),
  );
}

// The web shop: this page asks its own game server (serve.mjs, which holds the secret key) for a
// single-use shop link, then goes there; the player arrives in the shop signed in.
async function openShop() {
  say("Opening the shop…");
  try {
    const response = await fetch("/shop-link", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ playerId: $("player").textContent, locale: document.documentElement.lang }),
    });
    const body = await response.json();
    if (!response.ok) return say(`Cannot open the shop: ${body.error?.code ?? response.status}`);
    location.assign(body.url);
  } catch (error) {
    say(String(error));
  }
}

async function start() {
  $("open-shop").addEventListener("click", () => void openShop());
  try {
    const [me, catalog] = await Promise.all([gamecoin.ensurePlayer(), gamecoin.getCatalog()]);
    $("player").textContent = me.player.id;
    showWallet(me.wallet);
    showPacks(catalog);
    document.body.dataset.ready = "true";
  } catch (error) {
    say(error instanceof GamecoinError ? `Cannot start: ${error.code} ${error.message}` : String(error));
  }
}

void start();
