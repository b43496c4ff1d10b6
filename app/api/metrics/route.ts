import { metricsResponse } from "@/server/api/metrics-route";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** Prometheus scrape (docs/observability.md); the registry is the process's one, shared with server.ts. */
export { metricsResponse as GET };
