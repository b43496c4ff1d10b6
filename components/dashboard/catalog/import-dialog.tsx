"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessageOf, fieldErrorsOf, useTRPC } from "@/components/dashboard/trpc";
import { Modal } from "@/components/ui/dialog";
import { Button, ErrorBanner, Field } from "@/components/ui/primitives";
import { useToast } from "@/components/ui/toast";
import { changeCount, DiffView } from "./diff-view";
import { useReturnFocus } from "./return-focus";

const textarea =
  "w-full rounded-md border border-slate-300 px-3 py-1.5 font-mono text-xs shadow-sm focus:border-indigo-600 focus:outline-none focus:ring-2 focus:ring-indigo-500/40";

/** The file's problems, one line per JSON path, as the server names them. */
function Problems({ error }: { error: unknown }) {
  const problems = Object.entries(fieldErrorsOf(error));
  if (problems.length === 0) return <ErrorBanner message={errorMessageOf(error)} />;
  return (
    <div role="alert" className="rounded-md border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-900" data-testid="import-problems">
      <p className="font-medium">{errorMessageOf(error)}</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-xs">
        {problems.map(([path, messages]) => (
          <li key={path}>
            <span className="font-mono">{path}</span>: {messages.join(" ")}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * "Import JSON": a file in the fixture's catalog format (docs/fixtures.md) → the diff against this
 * environment → apply (admins and owners). Entries missing from the file are archived, never deleted.
 */
export function ImportDialog({ gameId, env, canApply }: { gameId: string; env: "test" | "live"; canApply: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const rememberOpener = useReturnFocus(open);
  const [file, setFile] = useState("");
  const preview = useMutation(trpc.catalog.importDiff.mutationOptions());
  const apply = useMutation(
    trpc.catalog.import.mutationOptions({
      onSuccess: (applied) => {
        setOpen(false);
        reset();
        toast({ title: `Catalog imported into ${env}`, description: `${changeCount(applied)} changes applied.`, tone: "success" });
        void queryClient.invalidateQueries({ queryKey: trpc.catalog.pathKey() });
      },
      onError: () => preview.mutate({ gameId, env, file }),
    }),
  );
  const reset = () => {
    setFile("");
    preview.reset();
    apply.reset();
  };
  const count = preview.data ? changeCount(preview.data.diff) : 0;
  return (
    <>
      <Button tone="secondary" onClick={(event) => {
          rememberOpener(event.currentTarget);
          setOpen(true);
        }}
        data-testid="import-open">
        Import JSON
      </Button>
      <Modal
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) reset();
        }}
        title={`Import a catalog into ${env}`}
        description="The file uses the fixture’s catalog format. You see every change before anything is written."
        testId="import-dialog"
        footer={
          <>
            <Button tone="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            {preview.data ? (
              <Button
                disabled={!canApply || count === 0}
                aria-disabled={apply.isPending}
                onClick={() => preview.data && !apply.isPending && apply.mutate({ gameId, env, file, fingerprint: preview.data.fingerprint })}
                data-testid="import-confirm"
              >
                {apply.isPending ? "Importing…" : `Import ${count === 1 ? "1 change" : `${count} changes`} into ${env}`}
              </Button>
            ) : (
              <Button disabled={file.trim() === "" || preview.isPending} onClick={() => preview.mutate({ gameId, env, file })} data-testid="import-preview">
                {preview.isPending ? "Checking…" : "Show changes"}
              </Button>
            )}
          </>
        }
      >
        <div className="space-y-4">
          <Field label="Catalog JSON file">
            <input
              type="file"
              accept="application/json,.json"
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
              onChange={async (e) => {
                const chosen = e.target.files?.[0];
                if (!chosen) return;
                setFile(await chosen.text());
                preview.reset();
              }}
            />
          </Field>
          <Field label="Or paste the JSON">
            <textarea
              value={file}
              onChange={(e) => {
                setFile(e.target.value);
                preview.reset();
              }}
              rows={6}
              className={textarea}
              data-testid="import-text"
            />
          </Field>
          {preview.error && <Problems error={preview.error} />}
          {apply.error && <ErrorBanner message={`${errorMessageOf(apply.error)}`} />}
          {preview.data && (
            <>
              {!canApply && <p className="text-sm text-slate-700">Only admins and owners can apply an import; you can review the changes.</p>}
              <DiffView diff={preview.data.diff} from={env} to="file" emptyText={`Nothing to import: ${env} already equals the file.`} />
            </>
          )}
        </div>
      </Modal>
    </>
  );
}
