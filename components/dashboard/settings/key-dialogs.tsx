"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { fieldErrorsOf, useTRPC } from "@/components/dashboard/trpc";
import { Modal } from "@/components/ui/dialog";
import { Button, ErrorBanner, Field, Select, TextInput } from "@/components/ui/primitives";
import type { ApiKeyView } from "@/server/keys/key-views";
import { SubmitButton } from "@/components/ui/submit-button";

type Props = { gameId: string; env: "test" | "live"; apiKey: ApiKeyView };

const expiries = [
  { value: "now", label: "Now: requests with it fail at once" },
  { value: "1h", label: "In 1 hour" },
  { value: "24h", label: "In 24 hours" },
  { value: "3d", label: "In 3 days" },
  { value: "7d", label: "In 7 days" },
] as const;
type Expiry = (typeof expiries)[number]["value"];

export function RenameKeyButton({ gameId, env, apiKey, onRenamed }: Props & { onRenamed: () => void }) {
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const rename = useMutation(
    trpc.games.renameKey.mutationOptions({
      onSuccess: () => {
        setOpen(false);
        onRenamed();
      },
    }),
  );
  const errors = fieldErrorsOf(rename.error);
  return (
    <>
      <Button tone="secondary" data-testid="rename-key" onClick={() => (rename.reset(), setOpen(true))}>
        Rename
      </Button>
      <Modal open={open} onOpenChange={setOpen} title="Rename key" description={`The name helps tell ${apiKey.hint} apart; requests are not affected.`}>
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            rename.mutate({ gameId, env, keyId: apiKey.id, name: String(new FormData(event.currentTarget).get("name") ?? "") });
          }}
        >
          <Field label="Name" error={errors.name} hint="Up to 60 characters; empty removes the name.">
            <TextInput name="name" defaultValue={apiKey.name ?? ""} maxLength={60} autoComplete="off" />
          </Field>
          {rename.error && Object.keys(errors).length === 0 && <ErrorBanner message={rename.error.message} />}
          <div className="flex flex-wrap justify-end gap-2">
            <Button tone="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <SubmitButton pending={rename.isPending} label="Save name" />
          </div>
        </form>
      </Modal>
    </>
  );
}

/**
 * Rolling asks when the old key should stop, as Stripe does: deploying the new key takes time, and a
 * key that stops at once would fail every request made in between.
 */
export function RollKeyButton({ gameId, env, apiKey, onRolled }: Props & { onRolled: (rolled: { key: string; view: ApiKeyView }) => void }) {
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const [expiry, setExpiry] = useState<Expiry>("24h");
  const roll = useMutation(
    trpc.games.rollKey.mutationOptions({
      onSuccess: (rolled) => {
        setOpen(false);
        onRolled(rolled);
      },
    }),
  );
  const who = apiKey.kind === "secret" ? "your game server" : "your game clients";
  return (
    <>
      <Button tone="secondary" data-testid="roll-key" onClick={() => (roll.reset(), setOpen(true))}>
        Roll
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        testId="roll-key-dialog"
        title={`Roll ${apiKey.name ? `“${apiKey.name}”` : apiKey.hint}?`}
        description={`A new ${apiKey.kind} key with the same name is created and shown once. The old key (${apiKey.hint}) keeps working until the time you choose; after that, requests with it fail with 401, so put the new key in ${who} before then.`}
      >
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            roll.mutate({ gameId, env, keyId: apiKey.id, expiresIn: expiry });
          }}
        >
          <Field label="The old key stops working">
            <Select data-testid="roll-expiry" value={expiry} onChange={(e) => setExpiry(e.target.value as Expiry)}>
              {expiries.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          </Field>
          {roll.error && <ErrorBanner message={roll.error.message} />}
          <div className="flex flex-wrap justify-end gap-2">
            <Button tone="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <SubmitButton tone={expiry === "now" ? "danger" : "primary"} data-testid="confirm-roll-key" pending={roll.isPending} label="Roll key" busyLabel="Rolling…" />
          </div>
        </form>
      </Modal>
    </>
  );
}
