"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessageOf, fieldErrorsOf, useTRPC } from "@/components/dashboard/trpc";
import { Button, Card, ErrorBanner, Field, TextInput } from "@/components/ui/primitives";
import { useToast } from "@/components/ui/toast";
import { slugFromName } from "./slug";

/** The slug follows the name as it is typed, until someone edits the slug itself. */
export function NewGameForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [name, setName] = useState("");
  const [slug, setSlug] = useState("");
  const [slugEdited, setSlugEdited] = useState(false);
  const create = useMutation(
    trpc.games.create.mutationOptions({
      onSuccess: (game) => {
        setName("");
        setSlug("");
        setSlugEdited(false);
        toast({ title: `${game.name} created`, description: "Create its API keys under Keys & settings.", tone: "success" });
        return queryClient.invalidateQueries({ queryKey: trpc.games.list.queryKey() });
      },
    }),
  );
  const errors = fieldErrorsOf(create.error);
  return (
    <Card title="New game">
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({ name, slug });
        }}
      >
        <ErrorBanner message={create.error && Object.keys(errors).length === 0 ? errorMessageOf(create.error) : null} />
        <Field label="Name" error={errors.name}>
          <TextInput
            data-testid="new-game-name"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              if (!slugEdited) setSlug(slugFromName(e.target.value));
            }}
            placeholder="Starfall Arena"
          />
        </Field>
        <Field label="Slug" error={errors.slug} hint="Used in API paths; lowercase letters, digits and dashes. It cannot be changed later.">
          <TextInput
            data-testid="new-game-slug"
            value={slug}
            onChange={(e) => {
              setSlug(e.target.value);
              // An emptied slug goes back to following the name.
              setSlugEdited(e.target.value !== "");
            }}
            placeholder="starfall-arena"
          />
        </Field>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Creating…" : "Create game"}
        </Button>
      </form>
    </Card>
  );
}
