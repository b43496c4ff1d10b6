"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { errorMessageOf, fieldErrorsOf, useTRPC } from "@/components/dashboard/trpc";
import { Button, Card, EmptyState, ErrorBanner, Field, PageHeader, TextInput } from "@/components/ui/primitives";

export function GamesHome({ canCreate }: { canCreate: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const games = useQuery(trpc.games.list.queryOptions());
  const create = useMutation(
    trpc.games.create.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.games.list.queryKey() }) }),
  );
  const [name, setName] = useState("");
  const [slug, setSlug] = useState("");
  const errors = fieldErrorsOf(create.error);

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <PageHeader title="Games" description="Each game has a test and a live environment, with their own keys and players." />
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_320px]">
        <div className="space-y-3">
          {games.data?.length === 0 && <EmptyState title="No games yet">Create your first game on the right, then create its API keys.</EmptyState>}
          {games.data?.map((game) => (
            <Link
              key={game.id}
              href={`/games/${game.id}/test`}
              className="flex items-center justify-between rounded-xl border border-slate-200 bg-white px-5 py-4 shadow-sm transition hover:border-indigo-300 hover:shadow"
            >
              <div>
                <p className="font-semibold text-slate-900">{game.name}</p>
                <p className="font-mono text-xs text-slate-500">{game.slug}</p>
              </div>
              <span className="text-sm text-indigo-600">Open →</span>
            </Link>
          ))}
        </div>
        {canCreate && (
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
                <TextInput value={name} onChange={(e) => setName(e.target.value)} placeholder="Starfall Arena" />
              </Field>
              <Field label="Slug" error={errors.slug} hint="Lowercase letters, digits and dashes.">
                <TextInput value={slug} onChange={(e) => setSlug(e.target.value)} placeholder="starfall-arena" />
              </Field>
              <Button type="submit" disabled={create.isPending}>
                Create game
              </Button>
            </form>
          </Card>
        )}
      </div>
    </div>
  );
}
