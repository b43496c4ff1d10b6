"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { fieldErrorsOf, useTRPC } from "@/components/dashboard/trpc";
import { Modal } from "@/components/ui/dialog";
import { Button, Field, TextInput } from "@/components/ui/primitives";
import { useToast } from "@/components/ui/toast";
import type { PlayerAdminView } from "@/server/players/player-admin-view";
import { FormErrorBanner } from "../catalog/form-errors";
import { SubmitButton } from "@/components/ui/submit-button";

type Props = { gameId: string; env: "test" | "live"; player: PlayerAdminView };

/** Support corrects the display name or country; the server applies the API's own rules and audits the change. */
export function EditProfileButton({ gameId, env, player }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const [displayName, setDisplayName] = useState(player.displayName ?? "");
  const [country, setCountry] = useState(player.country ?? "");
  const update = useMutation(
    trpc.players.updateProfile.mutationOptions({
      onSuccess: async (saved) => {
        setOpen(false);
        toast({ title: "Player updated", description: `${saved.displayName ?? "No display name"} · ${saved.country ?? "no country"}`, tone: "success" });
        await queryClient.invalidateQueries({ queryKey: trpc.players.pathKey() });
      },
    }),
  );
  const errors = fieldErrorsOf(update.error);
  return (
    <>
      <Button
        tone="secondary"
        data-testid="edit-player"
        onClick={() => {
          setDisplayName(player.displayName ?? "");
          setCountry(player.country ?? "");
          update.reset();
          setOpen(true);
        }}
      >
        Edit name and country
      </Button>
      <Modal open={open} onOpenChange={setOpen} title="Edit player" description="The same rules as PUT /players/{ref}. The change is recorded in the audit log." testId="edit-player-dialog">
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            // An emptied field clears the value, as `null` does in the API.
            update.mutate({ gameId, env, playerId: player.id, displayName: displayName.trim() === "" ? null : displayName, country: country.trim() === "" ? null : country.trim() });
          }}
        >
          <FormErrorBanner error={update.error} shownFields={["displayName", "country"]} />
          <Field label="Display name" error={errors.displayName} hint="1 to 80 characters; empty removes it.">
            <TextInput value={displayName} onChange={(e) => setDisplayName(e.target.value)} maxLength={120} data-testid="edit-player-name" />
          </Field>
          <Field label="Country" error={errors.country} hint="Two-letter ISO code (FR, BE, DE…); empty removes it.">
            <TextInput value={country} onChange={(e) => setCountry(e.target.value)} maxLength={8} autoComplete="off" className="uppercase" data-testid="edit-player-country" />
          </Field>
          <div className="flex justify-end gap-2">
            <Button tone="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <SubmitButton data-testid="edit-player-save" pending={update.isPending} label="Save" />
          </div>
        </form>
      </Modal>
    </>
  );
}
