import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { captureLogsForTests } from "@/server/observability/logger";
import type { TrpcContext } from "@/server/trpc/init";
import { handleTrpcRequest } from "@/server/trpc/http-handler";
import { TRPC_LIMITS } from "@/server/trpc/request-bounds";
import { unstorableValueErrors } from "@/server/api/unstorable-values";
import { studioFixture, type StudioFixture } from "../dashboard/studio-staff";
import { useDatabase } from "../harness";

useDatabase();

const OWN = "http://localhost:3000";
let studio: StudioFixture;
let logs: ReturnType<typeof captureLogsForTests>;

beforeAll(async () => {
  studio = await studioFixture();
  logs = captureLogsForTests("error");
});
afterAll(() => logs.stop());

type ErrorAnswer = { error: { json: { message: string; data: { code: string; httpStatus: number; appCode: string | null; fieldErrors: Record<string, string[]> | null } } } };

async function send(path: string, init: { method?: "GET" | "POST"; body?: string; query?: string; role?: "support" | "viewer"; context?: () => Promise<TrpcContext> }) {
  const staff = studio.staff[init.role ?? "support"];
  const createContext = init.context ?? (async (): Promise<TrpcContext> => ({ db: await getDb(), staff }));
  const method = init.method ?? "POST";
  const request = new Request(`${OWN}/api/trpc/${path}${init.query ?? ""}`, {
    method,
    headers: { "content-type": "application/json", host: "localhost:3000" },
    body: method === "GET" ? undefined : init.body,
  });
  const response = await handleTrpcRequest(request, createContext);
  return { status: response.status, body: (await response.json()) as unknown };
}

const nested = (levels: number) => "[".repeat(levels) + "]".repeat(levels);

describe("the dashboard's tRPC endpoint bounds a request before parsing it", () => {
  it("refuses a support mutation of 3,000 nested arrays with 400 TOO_DEEPLY_NESTED (was a 500)", async () => {
    const body = `{"json":{"gameId":"${studio.gameId}","env":"test","playerId":"x","blocked":${nested(3000)}}}`;
    const { status, body: answer } = await send("players.setBlocked", { body });
    expect(status).toBe(400);
    const error = (answer as ErrorAnswer).error.json;
    expect(error.data).toMatchObject({ code: "BAD_REQUEST", httpStatus: 400, appCode: "VALIDATION_FAILED", fieldErrors: { input: ["TOO_DEEPLY_NESTED"] } });
    expect(error.message).toBe(`The input nests deeper than ${TRPC_LIMITS.maxDepth} levels.`);
  });

  it("refuses 4 MB of nested arrays with 413 without reading it whole", async () => {
    const body = `{"json":${nested(2_000_000)}}`;
    const { status, body: answer } = await send("players.setBlocked", { body });
    expect(status).toBe(413);
    expect((answer as ErrorAnswer).error.json.data).toMatchObject({ code: "PAYLOAD_TOO_LARGE", httpStatus: 413, fieldErrors: { input: ["BODY_TOO_LARGE"] } });
  });

  it("refuses a viewer's query whose URL input nests 3,000 levels, one error per procedure of the batch", async () => {
    const input = encodeURIComponent(`{"0":{"json":${nested(3000)}}}`);
    const { status, body } = await send("orders.list", { method: "GET", query: `?batch=1&input=${input}`, role: "viewer" });
    expect(status).toBe(400);
    expect(Array.isArray(body)).toBe(true);
    expect((body as ErrorAnswer[]).map((one) => one.error.json.data.fieldErrors)).toEqual([{ input: ["TOO_DEEPLY_NESTED"] }]);
  });

  it("caps a batch at 10 procedures", async () => {
    const paths = (count: number) => Array.from({ length: count }, () => "studio.get").join(",");
    const input = (count: number) => encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_, i) => [i, { json: null }]))));
    const over = await send(paths(11), { method: "GET", query: `?batch=1&input=${input(11)}`, role: "viewer" });
    expect(over.status).toBe(400);
    const within = await send(paths(10), { method: "GET", query: `?batch=1&input=${input(10)}`, role: "viewer" });
    expect(within.status).not.toBe(400);
    expect(within.status).toBeLessThan(500);
  });

  it("passes an ordinary input through to the procedure", async () => {
    const body = JSON.stringify({ json: { gameId: studio.gameId, env: "test", playerId: "00000000-0000-0000-0000-000000000000", blocked: true } });
    const { status } = await send("players.setBlocked", { body });
    expect([200, 404]).toContain(status);
  });

  it("logs every tRPC 500 with its procedure", async () => {
    const before = logs.lines.length;
    const failing = () => Promise.reject(new Error("context exploded"));
    const { status } = await send("studio.get", { method: "GET", query: "?input=%7B%22json%22%3Anull%7D", context: failing });
    expect(status).toBe(500);
    const line = logs.lines.slice(before).find((entry) => entry.msg === "tRPC procedure failed");
    expect(line).toMatchObject({ module: "trpc", path: "studio.get", level: "error" });
  });
});

describe("the input walk for unstorable values", () => {
  it("walks 200,000 levels without recursion and still finds a NUL at the bottom", () => {
    let value: unknown = "bad\u0000";
    for (let i = 0; i < 200_000; i += 1) value = [value];
    const errors = unstorableValueErrors(value, "input");
    const [path] = Object.keys(errors);
    expect(path?.split(".").length).toBe(200_000);
    expect(Object.values(errors)).toEqual([["Must not contain the NUL character"]]);
  });

  it("keeps the document order of paths", () => {
    expect(Object.keys(unstorableValueErrors({ a: "\u0000", b: ["ok", "\u0000"], c: { d: "\u0000" } }))).toEqual(["a", "b.1", "c.d"]);
  });
});
