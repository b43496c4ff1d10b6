import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { captureLogsForTests, requestLineLogger } from "@/server/observability/logger";
import { writeRequestLine, type RequestLineFields } from "@/server/observability/request-line";

/** The request line is made by hand for speed; pino's own line for the same fields is the reference, byte for byte. */
describe("the request line", () => {
  let logs: ReturnType<typeof captureLogsForTests>;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-29T08:39:36.941Z"));
    logs = captureLogsForTests("info");
  });
  afterEach(() => {
    logs.stop();
    vi.useRealTimers();
  });

  const spend: RequestLineFields = {
    requestId: "3042c13d-0919-4788-abb3-53fb34325f79",
    operation: "spendCurrency",
    method: "POST",
    route: "/api/v1/players/{player}/wallet/spend",
    status: 200,
    durationMs: 3.4,
    gameId: "01a226717f2400000df4483f",
    env: "test",
  };
  const cases: { name: string; level: "info" | "error"; fields: RequestLineFields; msg: string }[] = [
    { name: "a spend", level: "info", fields: spend, msg: "request" },
    { name: "a refusal with its code", level: "info", fields: { ...spend, status: 409, durationMs: 12, errorCode: "INSUFFICIENT_FUNDS" }, msg: "request" },
    { name: "an unmatched route", level: "info", fields: { ...spend, operation: null, route: null, gameId: null, env: null, status: 404, durationMs: 0 }, msg: "request" },
    { name: "a failure", level: "error", fields: { ...spend, status: 500, durationMs: 1234.5, errorCode: "INTERNAL_ERROR" }, msg: "request failed" },
    { name: "strings that need escaping", level: "info", fields: { ...spend, requestId: 'q"uo\\te\u2028\u0001é😀', method: "M\tX" }, msg: "request" },
  ];

  for (const { name, level, fields, msg } of cases) {
    it(`is pino's line for ${name}`, () => {
      writeRequestLine(level, fields, msg);
      requestLineLogger[level](fields, msg);
      expect(logs.raw).toHaveLength(2);
      expect(logs.raw[0]).toBe(logs.raw[1]);
      expect(logs.lines[0]).toMatchObject({ level, time: "2026-11-29T08:39:36.941Z", msg, ...fields });
    });
  }

  it("is not written below the logger's level", () => {
    logs.stop();
    logs = captureLogsForTests("error");
    writeRequestLine("info", spend, "request");
    expect(logs.raw).toHaveLength(0);
    writeRequestLine("error", { ...spend, status: 500 }, "request failed");
    expect(logs.raw).toHaveLength(1);
  });
});
