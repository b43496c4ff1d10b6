"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, TRPCClientError } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { useState, type ReactNode } from "react";
import superjson from "superjson";
import { FormatProvider } from "@/components/ui/format";
import { ToastProvider } from "@/components/ui/toast";
import type { AppRouter } from "@/server/trpc/root";

export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>();

/** tRPC, the studio's formatter (its time zone) and toasts, for every dashboard page. */
export function DashboardProviders({ children, timeZone = "UTC" }: { children: ReactNode; timeZone?: string }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 5_000, refetchOnWindowFocus: false, retry: 1 } } }),
  );
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: "/api/trpc", transformer: superjson, maxItems: 10, maxURLLength: 8000 })] }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <FormatProvider timeZone={timeZone}>
          <ToastProvider>{children}</ToastProvider>
        </FormatProvider>
      </TRPCProvider>
    </QueryClientProvider>
  );
}

export type FieldErrors = Record<string, string[]>;

/** Field errors of a failed mutation, keyed like the form fields ("input.name" → "name"). */
export function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof TRPCClientError)) return {};
  const data = error.data as { fieldErrors?: FieldErrors | null } | undefined;
  const result: FieldErrors = {};
  for (const [key, messages] of Object.entries(data?.fieldErrors ?? {})) result[key.replace(/^input\./, "")] = messages;
  return result;
}

export function errorMessageOf(error: unknown): string | null {
  if (!error) return null;
  return error instanceof Error ? error.message : "Something went wrong.";
}
