"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { useState } from "react";
import { errorMessageOf, useTRPC } from "@/components/dashboard/trpc";
import { Modal } from "@/components/ui/dialog";
import { Button, ErrorBanner, Skeleton } from "@/components/ui/primitives";
import { QueryError } from "@/components/ui/query-error";
import { useToast } from "@/components/ui/toast";
import { changeCount, DiffView } from "./diff-view";
import { useReturnFocus } from "./return-focus";

const isConflict = (error: unknown) => error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === "CONFLICT";

/**
 * "Publish to live": the diff of test against live, then one click applies exactly that diff. When
 * either catalog moved meanwhile the server refuses (409) and the dialog shows the new diff instead.
 */
export function PublishDialog({ gameId }: { gameId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const rememberOpener = useReturnFocus(open);
  const diff = useQuery({ ...trpc.catalog.publishDiff.queryOptions({ gameId }), enabled: open, staleTime: 0 });
  const publish = useMutation(
    trpc.catalog.publish.mutationOptions({
      // Closed first: a refetch that disabled the focused confirm button would drop the focus to the page.
      onSuccess: (applied) => {
        setOpen(false);
        toast({ title: "Published to live", description: `${changeCount(applied)} changes are live now.`, tone: "success" });
        void queryClient.invalidateQueries({ queryKey: trpc.catalog.pathKey() });
      },
      onError: async (error) => {
        if (isConflict(error)) await diff.refetch();
      },
    }),
  );
  const count = diff.data ? changeCount(diff.data.diff) : 0;
  return (
    <>
      <Button onClick={(event) => {
          rememberOpener(event.currentTarget);
          setOpen(true);
        }}
        data-testid="publish-open">
        Publish to live
      </Button>
      <Modal
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) publish.reset();
        }}
        title="Publish test’s catalog to live"
        description="Live becomes equal to test: added entries are created, changed fields copied, entries gone from test archived in live. Nothing is deleted."
        testId="publish-dialog"
        footer={
          <>
            <Button tone="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button
              disabled={!diff.data || count === 0}
              aria-disabled={publish.isPending}
              aria-busy={publish.isPending}
              onClick={() => diff.data && !publish.isPending && publish.mutate({ gameId, fingerprint: diff.data.fingerprint })}
              data-testid="publish-confirm"
            >
              {publish.isPending ? "Publishing…" : count === 1 ? "Publish 1 change to live" : `Publish ${count} changes to live`}
            </Button>
          </>
        }
      >
        <div className="space-y-4">
          {publish.error && (
            <ErrorBanner message={isConflict(publish.error) ? `${errorMessageOf(publish.error)} The diff below is the new one.` : errorMessageOf(publish.error)} />
          )}
          {diff.error ? (
            <QueryError error={diff.error} onRetry={() => void diff.refetch()} title="The diff could not be computed" />
          ) : diff.data ? (
            <DiffView diff={diff.data.diff} from="live" to="test" emptyText="Nothing to publish: live already equals test." />
          ) : (
            <Skeleton />
          )}
        </div>
      </Modal>
    </>
  );
}
