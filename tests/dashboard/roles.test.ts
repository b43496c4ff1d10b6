/**
 * The dashboard's role matrix: every procedure of the app router, called through `createCaller` as each
 * role, is allowed or refused with FORBIDDEN exactly as the role rules say:
 *
 * - viewer reads everything but the payment settings and writes nothing;
 * - support blocks and unblocks players, makes adjustments and refunds, moves sandbox orders (test
 *   environment only), issues and disables gift codes;
 * - developer also manages the test catalog, API keys, allowed origins, game settings, webhook endpoints
 *   and creator codes;
 * - admin also manages members and invitations, and reads and sets the payment provider and the seller's
 *   identity (the only reads above viewer: they decide where the money goes);
 * - admin also sets the studio's time zone and renames, archives and unarchives games;
 * - admin also exports and erases a player's data (GDPR);
 * - owner also renames the studio and sets how long its audit log is kept.
 *
 * The procedures are enumerated from `appRouter._def.procedures`, so a procedure added without a row in
 * the tables below fails this file instead of going unchecked. Inputs are valid (a fresh target per
 * call where a call uses one up), so an allowed call must also succeed.
 */
import { TRPCError, type inferRouterInputs } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffRoles, type StaffRole } from "@/db/schema";
import { hasRole } from "@/server/auth/roles";
import type { StaffIdentity } from "@/server/auth/staff-identity";
import { appRouter, type AppRouter } from "@/server/trpc/root";
import { extRef, useDatabase } from "../harness";
import { ensurePlayer } from "../domain-helpers";
import { paidOrder, pendingOrder, salesFixture } from "./sales-helpers";
import { addStaff, callerFor, failureOf, type StudioFixture } from "./studio-staff";

useDatabase();

// ---------- typing of the tables: a row's input is checked against the procedure's own input type ----------

type Inputs = inferRouterInputs<AppRouter>;
type Path = { [R in keyof Inputs & string]: `${R}.${keyof Inputs[R] & string}` }[keyof Inputs & string];
type InputOf<P extends Path> = P extends `${infer R}.${infer N}` ? (R extends keyof Inputs ? (N extends keyof Inputs[R] ? Inputs[R][N] : never) : never) : never;

/** What an input factory gets: the studio under test and the role about to call. */
type World = {
  fx: StudioFixture;
  /** Owner of the studio, to prepare targets (keys, endpoints, invitations, gift codes). */
  owner: Caller;
  playerId: string;
  /** A paid order, for the read-only order queries. */
  orderId: string;
  /** An endpoint that stays (active) for the whole file, and one delivery of it. */
  endpointId: string;
  deliveryId: string;
};

type Factory<I> = (world: World, role: StaffRole) => I | Promise<I>;

type WriteRow<I> = {
  /** The lowest role allowed. */
  min: StaffRole;
  input: Factory<I>;
  /**
   * false when the procedure acts on the caller's own studio rather than on a game or record named in
   * the input (e.g. creating a game): another studio's staff then has nothing to be "not found".
   */
  scoped?: false;
};
/** `min`: the lowest role that may read (viewer when left out). */
type ReadRow<I> = { input: Factory<I>; scoped?: false; min?: StaffRole };

type Caller = Awaited<ReturnType<typeof callerFor>>;

// ---------- helpers for the inputs ----------

let serial = 0;
/** A short unique suffix: lowercase letters and digits only, valid in every code and sku. */
function unique(): string {
  serial += 1;
  return `${serial}${Math.random().toString(36).slice(2, 7)}`;
}

const env = "test" as const;
const g = (w: World) => ({ gameId: w.fx.gameId, env });
const period = () => {
  const today = new Date().toISOString().slice(0, 10);
  return { from: today, to: today };
};

/** Deletes the game's endpoints but the shared one, to stay under the per-game limit. */
async function clearEndpoints(w: World): Promise<void> {
  for (const endpoint of await w.owner.webhooks.endpoints(g(w))) {
    if (endpoint.id !== w.endpointId) await w.owner.webhooks.delete({ ...g(w), endpointId: endpoint.id });
  }
}

async function freshEndpoint(w: World): Promise<string> {
  await clearEndpoints(w);
  const created = await w.owner.webhooks.create({ ...g(w), url: `http://127.0.0.1:9/hook-${unique()}`, events: ["order.fulfilled"] });
  return created.endpoint.id;
}

async function freshPlayer(w: World): Promise<string> {
  return ensurePlayer(w.fx.game, extRef("roles"));
}

// ---------- the write matrix: every mutation → the lowest role allowed ----------

const writes: { [P in Path]?: WriteRow<InputOf<P>> } = {
  // Games, keys and origins: developer.
  "games.create": { min: "developer", scoped: false, input: () => ({ name: "Role game", slug: `role-game-${unique()}` }) },
  "games.updateSettings": {
    min: "developer",
    input: (w) => ({ gameId: w.fx.gameId, settings: { spendOrder: "bonus_first", negativeBalance: "allow", anonymousPlayers: true, prelaunch: false, launchAt: null } }),
  },
  "games.setOrigins": { min: "developer", input: (w) => ({ ...g(w), origins: ["https://play.example.com"] }) },
  "games.createKey": { min: "developer", input: (w) => ({ ...g(w), kind: "publishable" }) },
  "games.revokeKey": {
    min: "developer",
    input: async (w) => ({ ...g(w), keyId: (await w.owner.games.createKey({ ...g(w), kind: "publishable" })).view.id }),
  },
  "games.renameKey": {
    min: "developer",
    input: async (w) => ({ ...g(w), keyId: (await w.owner.games.createKey({ ...g(w), kind: "publishable" })).view.id, name: "Renamed" }),
  },
  "games.rollKey": {
    min: "developer",
    input: async (w) => ({ ...g(w), keyId: (await w.owner.games.createKey({ ...g(w), kind: "publishable" })).view.id, expiresIn: "1h" }),
  },

  // A game's name and archiving: admin (every member sees the change).
  "games.rename": { min: "admin", input: (w) => ({ gameId: w.fx.gameId, name: `Roles game ${unique()}` }) },
  "games.archive": {
    min: "admin",
    input: async (w) => ({ gameId: (await w.owner.games.create({ name: "Archived", slug: `archived-${unique()}` })).id }),
  },
  "games.unarchive": {
    min: "admin",
    input: async (w) => {
      const game = await w.owner.games.create({ name: "Unarchived", slug: `unarchived-${unique()}` });
      await w.owner.games.archive({ gameId: game.id });
      return { gameId: game.id };
    },
  },

  // Members and invitations: admin (roles up to the caller's own).
  "members.invite": { min: "admin", scoped: false, input: () => ({ email: `invitee-${unique()}@roles.test`, role: "viewer" }) },
  "members.revokeInvitation": {
    min: "admin",
    input: async (w) => ({ invitationId: (await w.owner.members.invite({ email: `revoked-${unique()}@roles.test`, role: "viewer" })).invitation.id }),
  },
  "members.changeRole": { min: "admin", input: async (w) => ({ staffId: (await addStaff(w.fx.studioId, "viewer")).id, role: "support" }) },
  "members.remove": { min: "admin", input: async (w) => ({ staffId: (await addStaff(w.fx.studioId, "viewer")).id }) },

  // The studio itself: owner.
  "studio.rename": { min: "owner", scoped: false, input: () => ({ name: `Role studio ${unique()}` }) },
  // Its time zone, a display setting: admin.
  "studio.setTimeZone": { min: "admin", scoped: false, input: () => ({ timeZone: "Europe/Paris" }) },
  "privacy.setAuditRetention": { min: "owner", scoped: false, input: () => ({ days: 365 }) },

  // Catalog: one rule (server/catalog/catalog-write-role.ts): developers change the test catalog, by form or
  // import; publish writes live: admin (developers may look at the diff). The live rule is tested in catalog-live-role.test.ts.
  "catalog.publish": { min: "admin", input: async (w) => ({ gameId: w.fx.gameId, fingerprint: (await w.owner.catalog.publishDiff({ gameId: w.fx.gameId })).fingerprint }) },
  "catalog.importDiff": { min: "developer", input: async (w) => ({ ...g(w), file: JSON.stringify(await w.owner.catalog.export(g(w))) }) },
  "catalog.import": {
    min: "developer",
    input: async (w) => {
      const file = JSON.stringify(await w.owner.catalog.export(g(w)));
      return { ...g(w), file, fingerprint: (await w.owner.catalog.importDiff({ ...g(w), file })).fingerprint };
    },
  },
  "catalog.createCurrency": { min: "developer", input: (w) => ({ ...g(w), code: `c_${unique()}`, name: "Role currency", purchasable: false }) },
  "catalog.updateCurrency": { min: "developer", input: (w) => ({ ...g(w), code: "gems", name: "Gems", purchasable: false }) },
  "catalog.setCurrencyStatus": { min: "developer", input: (w) => ({ ...g(w), code: "gems", status: "active" }) },
  "catalog.createItem": { min: "developer", input: (w) => ({ ...g(w), sku: `item-${unique()}`, name: "Role item", type: "durable" }) },
  "catalog.updateItem": { min: "developer", input: (w) => ({ ...g(w), sku: "shield", name: "Shield", type: "durable", maxOwned: 3 }) },
  "catalog.setItemStatus": { min: "developer", input: (w) => ({ ...g(w), sku: "shield", status: "active" }) },
  "catalog.createPack": {
    min: "developer",
    input: (w) => ({ ...g(w), sku: `pack-${unique()}`, name: "Role pack", priceCents: 199, grants: [{ currency: "coins", amount: 100 }] }),
  },
  "catalog.updatePack": {
    min: "developer",
    input: (w) => ({ ...g(w), sku: "free", name: "Free gift", priceCents: 0, grants: [{ currency: "coins", amount: 10, bonus: 5 }] }),
  },
  "catalog.setPackStatus": { min: "developer", input: (w) => ({ ...g(w), sku: "draft-pack", status: "draft" }) },

  // Players: support.
  "players.setBlocked": { min: "support", input: async (w) => ({ ...g(w), playerId: await freshPlayer(w), blocked: true }) },
  "players.adjust": { min: "support", input: async (w) => ({ ...g(w), playerId: await freshPlayer(w), currency: "coins", amount: 25, reason: "role matrix" }) },
  "players.updateProfile": { min: "support", input: async (w) => ({ ...g(w), playerId: await freshPlayer(w), displayName: "Role name", country: "FR" }) },
  "players.grantItem": { min: "support", input: async (w) => ({ ...g(w), playerId: await freshPlayer(w), sku: "potion", quantity: 1 }) },
  "players.removeItem": {
    min: "support",
    input: async (w) => {
      const playerId = await freshPlayer(w);
      await w.owner.players.grantItem({ ...g(w), playerId, sku: "potion", quantity: 1 });
      return { ...g(w), playerId, sku: "potion", quantity: 1 };
    },
  },
  "privacy.erasePlayer": { min: "admin", input: async (w) => ({ ...g(w), playerId: await freshPlayer(w) }) },

  // Gift codes: support.
  "giftCodes.issue": { min: "support", input: (w) => ({ ...g(w), label: "Roles", count: 1, maxUses: 1, grants: [{ currency: "coins", amount: 5 }] }) },
  "giftCodes.disable": {
    min: "support",
    input: async (w) => {
      const [code] = (await w.owner.giftCodes.issue({ ...g(w), label: "Roles", count: 1, maxUses: 1, grants: [{ currency: "coins", amount: 5 }] })).codes;
      if (!code) throw new Error("no gift code issued");
      return { ...g(w), codeId: code.id };
    },
  },

  // Webhook endpoints: developer.
  "webhooks.create": {
    min: "developer",
    input: async (w) => {
      await clearEndpoints(w);
      return { ...g(w), url: `http://127.0.0.1:9/created-${unique()}`, events: ["order.fulfilled"] };
    },
  },
  "webhooks.update": { min: "developer", input: (w) => ({ ...g(w), endpointId: w.endpointId, events: ["order.fulfilled", "order.refunded"] }) },
  "webhooks.setActive": { min: "developer", input: (w) => ({ ...g(w), endpointId: w.endpointId, active: true }) },
  "webhooks.rotateSecret": { min: "developer", input: (w) => ({ ...g(w), endpointId: w.endpointId }) },
  "webhooks.delete": { min: "developer", input: async (w) => ({ ...g(w), endpointId: await freshEndpoint(w) }) },
  "webhooks.sendTest": { min: "developer", input: (w) => ({ ...g(w), endpointId: w.endpointId }) },
  "webhooks.resend": { min: "developer", input: (w) => ({ ...g(w), deliveryId: w.deliveryId }) },

  // Orders: support (refunds and the sandbox helpers).
  "orders.refund": { min: "support", input: async (w) => ({ ...g(w), orderId: (await paidOrder(w.fx)).id, reason: "role matrix" }) },
  "orders.sandboxPay": { min: "support", input: async (w) => ({ ...g(w), orderId: (await pendingOrder(w.fx)).id }) },
  "orders.sandboxDecline": { min: "support", input: async (w) => ({ ...g(w), orderId: (await pendingOrder(w.fx)).id }) },
  "orders.sandboxChargeback": { min: "support", input: async (w) => ({ ...g(w), orderId: (await paidOrder(w.fx)).id }) },

  // Creator codes: developer.
  "creatorCodes.create": { min: "developer", input: (w) => ({ ...g(w), code: `ROLE${unique().toUpperCase()}`, creatorName: "Role creator", rateBp: 500 }) },
  "creatorCodes.update": { min: "developer", input: (w) => ({ ...g(w), code: "ROLES", creatorName: "Roles creator", rateBp: 750 }) },
  "creatorCodes.setActive": { min: "developer", input: (w) => ({ ...g(w), code: "ROLES", active: true }) },

  // Payments and the seller: admin.
  "payments.save": { min: "admin", input: (w) => ({ ...g(w), settings: { provider: "simulator" } }) },
  "payments.saveSeller": {
    min: "admin",
    input: (w) => ({ gameId: w.fx.gameId, seller: { sellerName: "Roles SARL", sellerAddress: null, sellerEmail: null, termsUrl: null, privacyUrl: null } }),
  },
  // The web shop: admin, like payments.
  "shop.save": { min: "admin", input: (w) => ({ ...g(w), settings: { enabled: true, logoUrl: null, accentColor: null, returnUrl: null, appSchemes: [] } }) },
  // Store settings: admin.
  "stores.save": { min: "admin", input: (w) => ({ ...g(w), settings: { appStore: null } }) },
};

// ---------- every query is a read, open to viewers ----------

const reads: { [P in Path]?: ReadRow<InputOf<P>> } = {
  "games.list": { scoped: false, input: () => undefined },
  "games.get": { input: (w) => ({ gameId: w.fx.gameId }) },
  "games.origins": { input: g },
  "games.keys": { input: g },
  "members.me": { scoped: false, input: () => undefined },
  "members.list": { scoped: false, input: () => undefined },
  "studio.get": { scoped: false, input: () => undefined },
  "catalog.list": { input: g },
  "catalog.preview": { input: g },
  "catalog.publishDiff": { min: "developer", input: (w) => ({ gameId: w.fx.gameId }) },
  "catalog.export": { input: g },
  "players.search": { input: g },
  "players.get": { input: (w) => ({ ...g(w), playerId: w.playerId }) },
  "players.ledger": { input: (w) => ({ ...g(w), playerId: w.playerId }) },
  "players.orders": { input: (w) => ({ ...g(w), playerId: w.playerId }) },
  "players.grantableItems": { input: g },
  "privacy.exportPlayer": { min: "admin", input: (w) => ({ ...g(w), playerId: w.playerId }) },
  "privacy.auditRetention": { scoped: false, input: () => undefined },
  "giftCodes.list": { input: g },
  "giftCodes.catalog": { input: g },
  "giftCodes.exportCsv": { input: g },
  "giftCodes.batches": { input: g },
  "giftCodes.exportBatchCsv": {
    input: async (w) => ({ ...g(w), batchId: (await w.owner.giftCodes.issue({ ...g(w), label: "Roles", count: 1, maxUses: 1, grants: [{ currency: "coins", amount: 5 }] })).batch.id }),
  },
  "webhooks.endpoints": { input: g },
  "webhooks.deliveries": { input: g },
  "webhooks.delivery": { input: (w) => ({ ...g(w), deliveryId: w.deliveryId }) },
  "audit.list": { scoped: false, input: () => ({}) },
  "audit.filters": { scoped: false, input: () => undefined },
  "audit.csv": { scoped: false, input: () => period() },
  "orders.list": { input: g },
  "orders.packs": { input: g },
  "orders.get": { input: (w) => ({ ...g(w), orderId: w.orderId }) },
  "revenue.overview": { input: g },
  "revenue.daily": { input: (w) => ({ ...g(w), ...period() }) },
  "revenue.vatByCountry": { input: (w) => ({ ...g(w), ...period() }) },
  "revenue.byChannel": { input: (w) => ({ ...g(w), ...period() }) },
  "revenue.dailyCsv": { input: (w) => ({ ...g(w), ...period() }) },
  "revenue.vatByCountryCsv": { input: (w) => ({ ...g(w), ...period() }) },
  "revenue.ossReturnCsv": { input: (w) => ({ ...g(w), quarter: "2025-Q1" }) },
  "creatorCodes.list": { input: g },
  "creatorCodes.sales": { input: (w) => ({ ...g(w), ...period() }) },
  "creatorCodes.payoutsCsv": { input: (w) => ({ ...g(w), ...period() }) },
  "payments.settings": { min: "admin", input: g },
  "payments.seller": { min: "admin", input: (w) => ({ gameId: w.fx.gameId }) },
  "shop.settings": { min: "admin", input: g },
  "stores.settings": { min: "admin", input: g },
};

// ---------- the procedures themselves, from the router ----------

type ProcedureType = "query" | "mutation" | "subscription";
// At run time `_def.procedures` is flat, keyed by full path ("catalog.createItem"); its static type is the nested record.
const flatProcedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: ProcedureType } }>;
const procedures: { path: string; type: ProcedureType }[] = Object.entries(flatProcedures).map(([path, procedure]) => ({ path, type: procedure._def.type }));
const mutationPaths = procedures.filter((p) => p.type === "mutation").map((p) => p.path);
const queryPaths = procedures.filter((p) => p.type === "query").map((p) => p.path);

const writeRows = Object.entries(writes) as [string, WriteRow<unknown> | undefined][];
const readRows = Object.entries(reads) as [string, ReadRow<unknown> | undefined][];
const writeRow = (path: string): WriteRow<unknown> => {
  const row = writes[path as Path] as WriteRow<unknown> | undefined;
  if (!row) throw new Error(`${path} has no row in the write matrix`);
  return row;
};
const readRow = (path: string): ReadRow<unknown> => {
  const row = reads[path as Path] as ReadRow<unknown> | undefined;
  if (!row) throw new Error(`${path} has no row in the read table`);
  return row;
};

/** The caller's procedure at `path` ("catalog.createItem"), as a plain function. */
function procedureAt(caller: Caller, path: string): (input: unknown) => Promise<unknown> {
  let node: unknown = caller;
  for (const part of path.split(".")) node = (node as Record<string, unknown>)[part];
  if (typeof node !== "function") throw new Error(`no procedure ${path} on the caller`);
  return node as (input: unknown) => Promise<unknown>;
}

type Outcome = { ok: true } | { ok: false; code: TRPCError["code"]; message: string };

async function attempt(member: StaffIdentity | null, path: string, input: unknown): Promise<Outcome> {
  const call = procedureAt(await callerFor(member), path)(input);
  try {
    await call;
    return { ok: true };
  } catch {
    const error = await failureOf(call);
    return { ok: false, code: error.code, message: error.message };
  }
}

const describeOutcome = (o: Outcome) => (o.ok ? "ok" : `${o.code}: ${o.message}`);

// ---------- the studio under test ----------

let world: World;
let stranger: StudioFixture;

beforeAll(async () => {
  const [fx, other] = await Promise.all([salesFixture([{ code: "ROLES", creatorName: "Roles creator", rateBp: 500 }]), salesFixture()]);
  stranger = other;
  const owner = await callerFor(fx.staff.owner);
  const endpoint = await owner.webhooks.create({ gameId: fx.gameId, env, url: `http://127.0.0.1:9/shared-${unique()}`, events: ["order.fulfilled"] });
  const sent = await owner.webhooks.sendTest({ gameId: fx.gameId, env, endpointId: endpoint.endpoint.id });
  const order = await paidOrder(fx);
  world = { fx, owner, playerId: order.playerId, orderId: order.id, endpointId: endpoint.endpoint.id, deliveryId: sent.deliveryId };
});

afterAll(async () => {
  // Deliveries this file queued must not be claimed by another file's worker later (shared Postgres).
  if (!world) return;
  for (const endpoint of await world.owner.webhooks.endpoints(g(world))) await world.owner.webhooks.delete({ ...g(world), endpointId: endpoint.id });
});

// ---------- the tests ----------

describe("the tables cover the router", () => {
  it("lists every mutation of the app router in the write matrix", () => {
    // The router's procedures are read flat, by full path, and each is a query or a mutation.
    expect(procedures.length).toBeGreaterThan(60);
    expect(procedures.filter((p) => !/^[a-zA-Z]+\.[a-zA-Z]+$/.test(p.path) || (p.type !== "query" && p.type !== "mutation"))).toEqual([]);
    expect(mutationPaths.length).toBeGreaterThan(0);
    const missing = mutationPaths.filter((path) => !writeRows.some(([p, row]) => p === path && row));
    expect(missing, "mutations without a minimum role in tests/dashboard/roles.test.ts").toEqual([]);
  });

  it("lists every query in the read table, and nothing that is not a procedure of its kind", () => {
    const missing = queryPaths.filter((path) => !readRows.some(([p, row]) => p === path && row));
    expect(missing, "queries missing from the read table").toEqual([]);
    expect(writeRows.map(([p]) => p).filter((p) => !mutationPaths.includes(p)), "write rows that are not mutations").toEqual([]);
    expect(readRows.map(([p]) => p).filter((p) => !queryPaths.includes(p)), "read rows that are not queries").toEqual([]);
  });

  it("has mutations for each role from support up (viewers write nothing)", () => {
    const lowest = new Set(writeRows.map(([, row]) => row?.min));
    expect(lowest.has("viewer")).toBe(false);
    for (const role of ["support", "developer", "admin"] as const) expect(lowest.has(role), `no mutation needs ${role}`).toBe(true);
  });
});

describe("writes: each role × each mutation", () => {
  it.each(mutationPaths)("%s", async (path) => {
    const row = writeRow(path);
    const outcomes: string[] = [];
    const wrong: string[] = [];
    for (const role of staffRoles) {
      const outcome = await attempt(world.fx.staff[role], path, await row.input(world, role));
      outcomes.push(`${role}: ${describeOutcome(outcome)}`);
      const allowed = hasRole(role, row.min);
      if (allowed && !outcome.ok) wrong.push(`${role} should be allowed (${describeOutcome(outcome)})`);
      if (!allowed && (outcome.ok || outcome.code !== "FORBIDDEN")) wrong.push(`${role} should be FORBIDDEN (${describeOutcome(outcome)})`);
    }
    expect(wrong, `${path} needs ${row.min}; got: ${outcomes.join("; ")}`).toEqual([]);
  });

  it("refuses the sandbox helpers in the live environment, to every role", async () => {
    const live = { gameId: world.fx.gameId, env: "live" as const, orderId: world.orderId };
    for (const path of ["orders.sandboxPay", "orders.sandboxDecline", "orders.sandboxChargeback"]) {
      for (const role of staffRoles) {
        const outcome = await attempt(world.fx.staff[role], path, live);
        expect(outcome.ok ? "ok" : outcome.code, `${role} ${path} (live)`).toBe("FORBIDDEN");
      }
    }
  });
});

describe("reads: every query is open to every role from its minimum (viewer unless the table says)", () => {
  it.each(queryPaths)("%s", async (path) => {
    const row = readRow(path);
    for (const role of staffRoles) {
      const outcome = await attempt(world.fx.staff[role], path, await row.input(world, role));
      if (hasRole(role, row.min ?? "viewer")) expect(describeOutcome(outcome), `${role} reads ${path}`).toBe("ok");
      else expect(outcome.ok ? "ok" : outcome.code, `${role} reads ${path}`).toBe("FORBIDDEN");
    }
  });
});

describe("without a session", () => {
  it.each(procedures.map((p) => p.path))("%s is UNAUTHORIZED", async (path) => {
    const row = mutationPaths.includes(path) ? writeRow(path) : readRow(path);
    const outcome = await attempt(null, path, await row.input(world, "owner"));
    expect(describeOutcome(outcome)).toMatch(/^UNAUTHORIZED: /);
    // Whatever the input: the session is checked before anything else.
    expect(describeOutcome(await attempt(null, path, { junk: true }))).toMatch(/^UNAUTHORIZED: /);
  });
});

describe("another studio's staff", () => {
  // A procedure missing from the tables is reported by "the tables cover the router" (and fails here too).
  const scoped = procedures.filter((p) => (p.type === "mutation" ? writes[p.path as Path] : reads[p.path as Path])?.scoped !== false).map((p) => p.path);

  it("is checked on every procedure that names a game or a record of the studio", () => {
    expect(scoped.length).toBeGreaterThan(40);
  });

  it.each(scoped)("%s: NOT_FOUND, even for its owner", async (path) => {
    const row = mutationPaths.includes(path) ? writeRow(path) : readRow(path);
    const outcome = await attempt(stranger.staff.owner, path, await row.input(world, "owner"));
    expect(describeOutcome(outcome)).toMatch(/^NOT_FOUND: /);
  });

  it("changes nothing in the studio it cannot see", async () => {
    const before = await world.owner.catalog.list(g(world));
    const outcome = await attempt(stranger.staff.owner, "catalog.createItem", { ...g(world), sku: "intruder", name: "Intruder", type: "durable" });
    expect(describeOutcome(outcome)).toMatch(/^NOT_FOUND: /);
    expect((await world.owner.catalog.list(g(world))).items.map((i) => i.sku)).toEqual(before.items.map((i) => i.sku));
  });
});
