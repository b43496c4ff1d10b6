"use client";

import { useActionState } from "react";
import { Button, ErrorBanner, Field, TextInput } from "@/components/ui/primitives";

type SetupState = { fieldErrors: Record<string, string[]>; message: string | null; values?: Record<string, string> };

export function SetupForm({ action }: { action: (state: SetupState, form: FormData) => Promise<SetupState> }) {
  const [state, formAction, pending] = useActionState(action, { fieldErrors: {}, message: null });
  return (
    <form action={formAction} className="space-y-4">
      <ErrorBanner message={state.message} />
      <Field label="Studio name" error={state.fieldErrors.studioName}>
        <TextInput name="studioName" autoComplete="organization" defaultValue={state.values?.studioName} required />
      </Field>
      <Field label="Your name" error={state.fieldErrors.name}>
        <TextInput name="name" autoComplete="name" defaultValue={state.values?.name} required />
      </Field>
      <Field label="E-mail" error={state.fieldErrors.email}>
        <TextInput name="email" type="email" autoComplete="username" defaultValue={state.values?.email} required />
      </Field>
      <Field label="Password" error={state.fieldErrors.password} hint="At least 10 characters.">
        <TextInput name="password" type="password" autoComplete="new-password" required />
      </Field>
      <Button type="submit" className="w-full" disabled={pending}>
        Create the owner account
      </Button>
    </form>
  );
}
