import { describe, expect, it } from "vitest";
import { CpuTracker } from "../../scripts/bench/proc";

function burn(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spin: CPU time charged to this process
  }
}

describe.runIf(process.platform === "linux")("the bench's CpuTracker", () => {
  it("charges a window only with what ran inside it, not what ran since the previous window", async () => {
    // This process as "the server": its own CPU time is what is measured.
    const tracker = new CpuTracker(() => process.pid, 50);
    tracker.start();
    burn(400);
    const busy = tracker.stop();
    expect(busy.serverCores).toBeGreaterThan(0.2);

    burn(600); // between windows, as a warm-up or the bench's own work is
    tracker.start();
    await new Promise((resolve) => setTimeout(resolve, 400));
    const idle = tracker.stop();
    expect(idle.serverCores).toBeLessThan(0.3);
  });
});
