import { normalizeGiftCode } from "@/server/lib/code-format";

/**
 * Checks across fields of a fixture: duplicates and references (prices, grants, pack and gift-code items).
 * They run even when another part of the same object is malformed, so one run of the seed reports every
 * problem; that is why they read their input loosely (a malformed part is simply skipped here, its own
 * field check reports it).
 */

export type Path = (string | number)[];
/** The part of zod's refinement context the checks use. */
export type Ctx = { addIssue(issue: { code: "custom"; message: string; path: Path }): void };

type Loose = Record<string, unknown>;

function isObject(value: unknown): value is Loose {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
function text(value: unknown, key: string): string | undefined {
  if (!isObject(value)) return undefined;
  const field = value[key];
  return typeof field === "string" ? field : undefined;
}

function reportDuplicates(ctx: Ctx, items: unknown[], keyOf: (item: unknown) => string | undefined, path: (index: number) => Path, what: string) {
  const seen = new Map<string, number>();
  items.forEach((item, index) => {
    const key = keyOf(item);
    if (key === undefined) return;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, index);
    else ctx.addIssue({ code: "custom", path: path(index), message: `duplicate ${what} "${key}" (already at index ${first})` });
  });
}

const notInCatalog = (what: string, key: string) => `${what} "${key}" is not in this game's catalog`;

/**
 * The currencies and skus references may name. Null when that list is itself malformed: its own check
 * reports it, and references to it are not judged. The dashboard builds one from the database
 * (server/catalog/check-catalog-references.ts) so both writers judge references by the same rules.
 */
export type CatalogIndex = { currencies: Map<string, { purchasable: boolean }> | null; skus: Set<string> | null };

function indexCatalog(catalog: unknown): CatalogIndex {
  const fields = isObject(catalog) ? catalog : {};
  const currencies = Array.isArray(fields.currencies) ? new Map<string, { purchasable: boolean }>() : null;
  for (const currency of list(fields.currencies)) {
    const code = text(currency, "code");
    if (code !== undefined && isObject(currency)) currencies?.set(code, { purchasable: currency.purchasable === true });
  }
  const skus = Array.isArray(fields.items) ? new Set<string>() : null;
  for (const item of list(fields.items)) {
    const sku = text(item, "sku");
    if (sku !== undefined) skus?.add(sku);
  }
  return { currencies, skus };
}

/** `grants` and `items` of a pack or gift code: known currencies and skus, each at most once. */
export function checkGrantsAndItems(ctx: Ctx, owner: unknown, at: Path, index: CatalogIndex, paidCurrency: boolean) {
  if (!isObject(owner)) return;
  const grants = list(owner.grants);
  const items = list(owner.items);
  grants.forEach((grant, j) => {
    const code = text(grant, "currency");
    if (code === undefined || !index.currencies) return;
    const path = [...at, "grants", j, "currency"];
    const currency = index.currencies.get(code);
    if (!currency) ctx.addIssue({ code: "custom", path, message: notInCatalog("currency", code) });
    // SPEC: `purchasable` means "packs can sell it for real money".
    else if (paidCurrency && !currency.purchasable) ctx.addIssue({ code: "custom", path, message: `currency "${code}" is not purchasable` });
  });
  items.forEach((entry, j) => {
    const sku = text(entry, "sku");
    if (sku !== undefined && index.skus && !index.skus.has(sku)) ctx.addIssue({ code: "custom", path: [...at, "items", j, "sku"], message: notInCatalog("item", sku) });
  });
  reportDuplicates(ctx, grants, (g) => text(g, "currency"), (j) => [...at, "grants", j, "currency"], "currency");
  reportDuplicates(ctx, items, (it) => text(it, "sku"), (j) => [...at, "items", j, "sku"], "sku");
  if (Array.isArray(owner.grants) && Array.isArray(owner.items) && grants.length === 0 && items.length === 0) {
    ctx.addIssue({ code: "custom", path: [...at, "grants"], message: "must grant currency or items" });
  }
}

/** An item's price is in a currency of the catalog. */
export function checkItemPrice(ctx: Ctx, item: unknown, at: Path, index: CatalogIndex): void {
  const code = text(isObject(item) ? item.price : undefined, "currency");
  if (code !== undefined && index.currencies && !index.currencies.has(code)) {
    ctx.addIssue({ code: "custom", path: [...at, "price", "currency"], message: notInCatalog("currency", code) });
  }
}

/** On `catalog`: codes and skus unique, prices and packs refer to this catalog. */
export function checkCatalog(catalog: unknown, ctx: Ctx): void {
  if (!isObject(catalog)) return;
  const index = indexCatalog(catalog);
  const items = list(catalog.items);
  const packs = list(catalog.packs);
  reportDuplicates(ctx, list(catalog.currencies), (c) => text(c, "code"), (i) => ["currencies", i, "code"], "currency code");
  reportDuplicates(ctx, items, (it) => text(it, "sku"), (i) => ["items", i, "sku"], "item sku");
  reportDuplicates(ctx, packs, (p) => text(p, "sku"), (i) => ["packs", i, "sku"], "pack sku");
  items.forEach((item, i) => checkItemPrice(ctx, item, ["items", i], index));
  packs.forEach((pack, i) => checkGrantsAndItems(ctx, pack, ["packs", i], index, true));
}

export const MAX_WEBHOOKS_PER_GAME = 5; // SPEC: both environments together

/** On a game: creator codes unique, gift codes refer to the catalog, at most 5 webhooks over both environments. */
export function checkGame(game: unknown, ctx: Ctx): void {
  if (!isObject(game)) return;
  reportDuplicates(ctx, list(game.creatorCodes), (c) => text(c, "code"), (i) => ["creatorCodes", i, "code"], "creator code");
  const index = indexCatalog(game.catalog);
  const envs = isObject(game.environments) ? game.environments : {};
  let webhooks = 0;
  for (const env of ["test", "live"] as const) {
    const environment = envs[env];
    if (!isObject(environment)) continue;
    webhooks += list(environment.webhooks).length;
    list(environment.giftCodes).forEach((code, i) => checkGrantsAndItems(ctx, code, ["environments", env, "giftCodes", i], index, false));
  }
  if (webhooks > MAX_WEBHOOKS_PER_GAME) {
    ctx.addIssue({
      code: "custom",
      path: ["environments"],
      message: `at most ${MAX_WEBHOOKS_PER_GAME} webhook endpoints per game, both environments together (found ${webhooks})`,
    });
  }
}

function playerKey(player: unknown): string | undefined {
  if (!isObject(player)) return undefined;
  const ref = player.ref;
  if (typeof ref === "string") return ref; // not parsed: its own check reports it
  if (isObject(ref)) return ref.type === "id" ? text(ref, "id") : `ext:${text(ref, "externalId") ?? ""}`;
  return undefined;
}

/** On an environment: origins, webhook urls, gift codes (normalized) and players unique. */
export function checkEnvironment(environment: unknown, ctx: Ctx): void {
  if (!isObject(environment)) return;
  reportDuplicates(ctx, list(environment.allowedOrigins), (o) => (typeof o === "string" ? o : undefined), (i) => ["allowedOrigins", i], "origin");
  reportDuplicates(ctx, list(environment.webhooks), (w) => text(w, "url"), (i) => ["webhooks", i, "url"], "webhook url");
  reportDuplicates(
    ctx,
    list(environment.giftCodes),
    (g) => {
      const code = text(g, "code");
      return code === undefined ? undefined : normalizeGiftCode(code);
    },
    (i) => ["giftCodes", i, "code"],
    "gift code",
  );
  reportDuplicates(ctx, list(environment.players), playerKey, (i) => ["players", i, "ref"], "player");
}

/** On the list of webhooks' `events`. */
export function checkEvents(events: unknown, ctx: Ctx): void {
  reportDuplicates(ctx, list(events), (e) => (typeof e === "string" ? e : undefined), (i) => [i], "event");
}

/** On `staff`: e-mails are compared lower-cased, as stored. */
export function checkStaff(staff: unknown, ctx: Ctx): void {
  reportDuplicates(ctx, list(staff), (m) => text(m, "email")?.toLowerCase(), (i) => [i, "email"], "e-mail");
}

/** On `games`: slugs unique. */
export function checkGames(games: unknown, ctx: Ctx): void {
  reportDuplicates(ctx, list(games), (g) => text(g, "slug"), (i) => [i, "slug"], "slug");
}

/** On the whole file: a key hash is unique in the database, so one key cannot serve two games or environments. */
export function checkKeys(fixture: unknown, ctx: Ctx): void {
  if (!isObject(fixture)) return;
  const seen = new Map<string, string>();
  list(fixture.games).forEach((game, i) => {
    const envs = isObject(game) && isObject(game.environments) ? game.environments : {};
    for (const env of ["test", "live"] as const) {
      for (const field of ["secretKey", "publishableKey"] as const) {
        const key = text(envs[env], field);
        if (key === undefined) continue;
        const first = seen.get(key);
        if (first) ctx.addIssue({ code: "custom", path: ["games", i, "environments", env, field], message: `the same key is already given at ${first}` });
        else seen.set(key, `games[${i}].environments.${env}.${field}`);
      }
    }
  });
}
