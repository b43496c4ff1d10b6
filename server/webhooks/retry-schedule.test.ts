import { describe, expect, it } from "vitest";
import { DEFAULT_TIMEOUT_MS, LEASE_MS, workerOptions } from "./deliver";
import { MAX_ATTEMPTS, nextRetryAt } from "./retry-schedule";

const MIN = 60_000;
const HOUR = 60 * MIN;

describe("retry schedule", () => {
  it("retries 1 min, 5 min, 30 min, 2 h, 6 h, 24 h after failures 1 to 6, and abandons after the 7th", () => {
    const failedAt = new Date("2026-03-01T12:00:00.000Z");
    const delays = [1, 2, 3, 4, 5, 6].map((attempt) => (nextRetryAt(attempt, failedAt)?.getTime() ?? 0) - failedAt.getTime());
    expect(delays).toEqual([MIN, 5 * MIN, 30 * MIN, 2 * HOUR, 6 * HOUR, 24 * HOUR]);
    expect(MAX_ATTEMPTS).toBe(7);
    expect(nextRetryAt(7, failedAt)).toBeNull();
    expect(nextRetryAt(8, failedAt)).toBeNull();
  });

  it("gives a receiver 10 seconds by default, and leases a claim far longer than that", () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(10_000);
    expect(workerOptions().timeoutMs).toBe(10_000);
    expect(workerOptions({ timeoutMs: 250 }).timeoutMs).toBe(250);
    expect(LEASE_MS).toBe(60_000);
    expect(workerOptions().leaseMs).toBeGreaterThan(workerOptions().timeoutMs * 2);
  });
});
