import { describe, expect, it } from "vitest";
import { AppError } from "./errors";

function frames(error: Error): number {
  return (error.stack ?? "").split("\n").filter((line) => line.trimStart().startsWith("at ")).length;
}

describe("AppError", () => {
  it("captures no stack for an answer to the client (4xx), and leaves the process's stack depth as it was", () => {
    const before = Error.stackTraceLimit;
    const refusal = new AppError("INSUFFICIENT_FUNDS", "Not enough coins.", { currency: "coins" });
    expect(frames(refusal)).toBe(0);
    expect(refusal.stack).toBe("AppError: Not enough coins.");
    expect(refusal).toMatchObject({ code: "INSUFFICIENT_FUNDS", status: 409, message: "Not enough coins.", details: { currency: "coins" } });
    expect(Error.stackTraceLimit).toBe(before);
    expect(frames(new Error("an ordinary error"))).toBeGreaterThan(0);
  });

  it("keeps the stack of a fault (5xx), for the log", () => {
    expect(frames(new AppError("INTERNAL_ERROR", "Broken."))).toBeGreaterThan(0);
    expect(frames(new AppError("SERVICE_UNAVAILABLE", "Database down."))).toBeGreaterThan(0);
  });
});
