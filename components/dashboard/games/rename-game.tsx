"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { errorMessageOf, fieldErrorsOf, useTRPC } from "@/components/dashboard/trpc";
import { Modal } from "@/components/ui/dialog";
import { Button, ErrorBanner, Field, TextInput } from "@/components/ui/primitives";
import { useToast } from "@/components/ui/toast";
import { SubmitButton } from "@/components/ui/submit-button";

/** Renames a game in a dialog; the slug (in API paths) never changes. */
export function RenameGameButton({ gameId, name: current }: { gameId: string; name: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(current);
  const rename = useMutation(
    trpc.games.rename.mutationOptions({
      onSuccess: async (game) => {
        setOpen(false);
        toast({ title: `Renamed to ${game.name}`, tone: "success" });
        await queryClient.invalidateQueries({ queryKey: trpc.games.list.queryKey() });
        // The game layout (switcher, heading) is rendered on the server.
        router.refresh();
      },
    }),
  );
  const errors = fieldErrorsOf(rename.error);
  return (
    <>
      <Button
        tone="secondary"
        data-testid="rename-game"
        onClick={() => {
          setName(current);
          rename.reset();
          setOpen(true);
        }}
      >
        Rename<span className="sr-only"> {current}</span>
      </Button>
      <Modal open={open} onOpenChange={setOpen} title={`Rename ${current}`} description="Players see the new name on the payment page and receipts. The slug and API keys stay the same.">
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            rename.mutate({ gameId, name });
          }}
        >
          <ErrorBanner message={rename.error && !errors.name ? errorMessageOf(rename.error) : null} />
          <Field label="Name" error={errors.name}>
            <TextInput data-testid="rename-game-name" value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
          <div className="flex justify-end gap-2">
            <Button tone="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <SubmitButton data-testid="rename-game-save" pending={rename.isPending} label="Save name" disabled={name.trim() === "" || name.trim() === current} />
          </div>
        </form>
      </Modal>
    </>
  );
}
