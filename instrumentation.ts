/** Runs once when the server process starts (dev and production). */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { prepareOnStart } = await import("./server/jobs/prepare-on-start");
  await prepareOnStart();
}
