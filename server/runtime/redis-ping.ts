import "server-only";
/**
 * One PING on a short-lived connection: readiness asks whether Redis answers now, and a probe every
 * few seconds is too rare to be worth a connection kept open (and closed again on shutdown).
 */
export async function pingRedis(url: string, timeoutMs: number): Promise<void> {
  const { Redis } = await import("ioredis");
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  // A failed connection is reported through the rejected connect(); without a listener ioredis would print it too.
  client.on("error", () => {});
  try {
    await client.connect();
    const answer = await client.ping();
    if (answer !== "PONG") throw new Error(`unexpected answer ${answer}`);
  } finally {
    client.disconnect();
  }
}
