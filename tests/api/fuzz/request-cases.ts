import fc from "fast-check";
import type { AnyOperation } from "@/server/api/operation";
import { EmptyBody } from "@/server/api/operation";
import { bodyArbitrary, type FuzzBody } from "./body-mutations";
import { jsonSchemaOf, valueOf, type FieldHints } from "./schema-values";

export type PlayerChoice = "funded" | "fresh" | "serviceId" | "unknownId" | "malformed";
export type KeyChoice = "fresh" | "missing" | "empty" | "tooLong" | "tab" | "repeat" | "reuse";

/** One generated request for one operation, before the test fills in the live values (keys, players, orders). */
export type FuzzCase = {
  player: PlayerChoice;
  malformedPlayer: string;
  order: "known" | "unknown" | "malformed";
  malformedOrder: string;
  query: string;
  auth: "valid" | "missing" | "wrong";
  idempotencyKey: KeyChoice;
  contentType: string;
  body: FuzzBody;
};

// Each must be refused as PLAYER_REF_INVALID or answered 404, never reach Postgres as is (NUL, bad UTF-8).
const malformedPlayers = ["ext:", "ext:%", "ext:%2541b", "abc", "ext:%20x", `ext:${"a".repeat(129)}`, "EXT:x", "ext:a%00b", "ext:%ED%A0%80", "ext:%C3", "ext:%FF", "0123456789abcdef0123456"];
// Not "..": fetch resolves dot segments before sending, so it would ask for another route.
const malformedOrders = ["x", "%", "%E0%A4%A", "0".repeat(25), "%00", "ABCDEF0123456789ABCDEF01", "%C0%AE"];
const contentTypes = [
  { weight: 24, arbitrary: fc.constant("application/json") },
  { weight: 2, arbitrary: fc.constant("application/json; charset=utf-8") },
  { weight: 1, arbitrary: fc.constant("APPLICATION/JSON") },
  { weight: 1, arbitrary: fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/merge-patch+json", "") },
];

function queryArbitrary(operation: AnyOperation, hints: FieldHints): fc.Arbitrary<string> {
  const unknown = fc.constantFrom("?dryRun=1", "?__proto__=x", "?a=%", "?limit=5&limit=6");
  if (!operation.query) return fc.oneof({ weight: 12, arbitrary: fc.constant("") }, { weight: 1, arbitrary: unknown });
  const valid = valueOf(jsonSchemaOf(operation.query), hints).map((value) => {
    const params = new URLSearchParams(Object.entries(value as Record<string, unknown>).map(([name, v]) => [name, String(v)]));
    const text = params.toString();
    return text === "" ? "" : `?${text}`;
  });
  const bad = fc.constantFrom("?limit=0", "?limit=101", "?limit=abc", "?limit=1.5", "?cursor=%", "?cursor=not-a-cursor", "?currency=%00", "?currency=%ED%A0%80");
  return fc.oneof({ weight: 6, arbitrary: fc.constant("") }, { weight: 3, arbitrary: valid }, { weight: 2, arbitrary: bad }, { weight: 1, arbitrary: unknown });
}

/** Requests for one operation, derived from its zod schemas: mostly well-formed, each with one thing wrong now and then. */
export function caseArbitrary(operation: AnyOperation, hints: FieldHints): fc.Arbitrary<FuzzCase> {
  const bodySchema = jsonSchemaOf(operation.body ?? EmptyBody);
  const body: fc.Arbitrary<FuzzBody> =
    operation.method === "GET" ? fc.constant({ kind: "none", label: "GET" }) : bodyArbitrary(bodySchema, valueOf(bodySchema, hints));
  return fc.record({
    player: fc.oneof(
      { weight: 8, arbitrary: fc.constant<PlayerChoice>("funded") },
      { weight: 5, arbitrary: fc.constant<PlayerChoice>("fresh") },
      { weight: 2, arbitrary: fc.constant<PlayerChoice>("serviceId") },
      { weight: 1, arbitrary: fc.constant<PlayerChoice>("unknownId") },
      { weight: 2, arbitrary: fc.constant<PlayerChoice>("malformed") },
    ),
    malformedPlayer: fc.constantFrom(...malformedPlayers),
    order: fc.oneof({ weight: 4, arbitrary: fc.constant("known" as const) }, { weight: 2, arbitrary: fc.constant("unknown" as const) }, { weight: 1, arbitrary: fc.constant("malformed" as const) }),
    malformedOrder: fc.constantFrom(...malformedOrders),
    query: queryArbitrary(operation, hints),
    auth: fc.oneof({ weight: 30, arbitrary: fc.constant("valid" as const) }, { weight: 1, arbitrary: fc.constantFrom("missing" as const, "wrong" as const) }),
    idempotencyKey: fc.oneof(
      { weight: 20, arbitrary: fc.constant<KeyChoice>("fresh") },
      { weight: 3, arbitrary: fc.constant<KeyChoice>("repeat") },
      { weight: 2, arbitrary: fc.constant<KeyChoice>("reuse") },
      { weight: 2, arbitrary: fc.constantFrom<KeyChoice>("missing", "empty", "tooLong", "tab") },
    ),
    contentType: fc.oneof(...contentTypes),
    body,
  });
}
