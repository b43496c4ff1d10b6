/** Runs once when the server process starts (dev and production). */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { prepareOnStart } = await import("./server/jobs/prepare-on-start");
  await prepareOnStart();
  // Background jobs (webhook delivery, order expiry, cleanup) run in process unless SCHEDULER=off,
  // and never while `next build` loads the app.
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { startScheduler } = await import("./server/jobs/scheduler");
  startScheduler();
}
