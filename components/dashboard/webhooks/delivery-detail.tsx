"use client";

import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/dashboard/trpc";
import { useFormat } from "@/components/ui/format";
import { CodeBlock } from "@/components/ui/code-block";
import { Skeleton } from "@/components/ui/primitives";
import { QueryError } from "@/components/ui/query-error";

/** Every attempt of one delivery and the exact body sent (same bytes at every attempt). */
export function DeliveryDetail({ gameId, env, deliveryId }: { gameId: string; env: "test" | "live"; deliveryId: string }) {
  const trpc = useTRPC();
  const f = useFormat();
  const detail = useQuery(trpc.webhooks.delivery.queryOptions({ gameId, env, deliveryId }));
  if (detail.error) return <QueryError error={detail.error} onRetry={() => void detail.refetch()} title="This delivery could not be loaded" />;
  if (!detail.data) return <Skeleton className="h-24" />;
  const d = detail.data;
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="delivery-detail">
      <div>
        <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-600">Attempts</h3>
        {d.paused && (
          <p className="mt-2 text-sm text-slate-700" data-testid="delivery-paused">
            Paused: the endpoint is disabled. It is sent when the endpoint is re-enabled.
          </p>
        )}
        {d.attemptLog.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Not attempted yet.</p>
        ) : (
          <ol className="mt-2 space-y-2">
            {d.attemptLog.map((a) => (
              <li key={`${a.attempt}-${a.startedAt}`} className="rounded-md border border-slate-200 bg-white p-2 text-xs">
                <p className="flex flex-wrap gap-x-3 text-slate-700">
                  <span className="font-medium">#{a.attempt}</span>
                  <span>{f.dateTime(a.startedAt)}</span>
                  <span className="font-mono">{a.statusCode ?? "no answer"}</span>
                  <span>{a.durationMs} ms</span>
                </p>
                {a.error && <p className="mt-1 text-rose-700">{a.error}</p>}
                {a.responseExcerpt && (
                  <CodeBlock label={`Answer to attempt ${a.attempt}`} className="mt-1 max-h-32 rounded bg-slate-50 p-1.5 text-slate-700">
                    {a.responseExcerpt}
                  </CodeBlock>
                )}
              </li>
            ))}
          </ol>
        )}
      </div>
      <div>
        <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-600">Body</h3>
        <CodeBlock label="Body sent (JSON)" testId="delivery-body" className="mt-2 max-h-72 rounded-md border border-slate-200 bg-white p-2 text-xs text-slate-800">
          {formatJson(d.body)}
        </CodeBlock>
      </div>
    </div>
  );
}

function formatJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
