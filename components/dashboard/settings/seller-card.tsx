"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorMessageOf, fieldErrorsOf, useTRPC } from "@/components/dashboard/trpc";
import { Card, ErrorBanner, Field, Skeleton, TextInput } from "@/components/ui/primitives";
import { QueryError } from "@/components/ui/query-error";
import { SubmitButton } from "@/components/ui/submit-button";

const fields = [
  { name: "sellerName", label: "Seller's legal name", type: "text", hint: "The company or person selling the packs." },
  { name: "sellerAddress", label: "Seller's postal address", type: "text", hint: "Shown to buyers, as EU consumer law requires." },
  { name: "sellerEmail", label: "Contact e-mail", type: "email", hint: "Where buyers can reach the seller." },
  { name: "sellerVatNumber", label: "VAT number", type: "text", hint: "Printed on every receipt, e.g. BE0123456789." },
  { name: "termsUrl", label: "Terms of sale (https URL)", type: "url", hint: "Linked from the payment page." },
  { name: "privacyUrl", label: "Privacy policy (https URL)", type: "url", hint: "Linked from the payment page." },
] as const;

type FieldName = (typeof fields)[number]["name"];

/** The seller's identity and legal links (both environments), shown on the hosted payment page and on every receipt. */
export function SellerCard({ gameId }: { gameId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const seller = useQuery(trpc.payments.seller.queryOptions({ gameId }));
  const save = useMutation(
    trpc.payments.saveSeller.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.payments.seller.queryKey({ gameId }) }) }),
  );
  const errors = fieldErrorsOf(save.error);
  if (!seller.data) {
    return <Card title="Seller and legal (both environments)">{seller.error ? <QueryError error={seller.error} onRetry={() => void seller.refetch()} title="The seller's details could not be loaded" /> : <Skeleton className="h-40" />}</Card>;
  }
  const current = seller.data;
  return (
    <Card title="Seller and legal (both environments)">
      <form
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          const f = new FormData(event.currentTarget);
          const value = (name: FieldName) => String(f.get(name) ?? "").trim() || null;
          save.mutate({
            gameId,
            seller: { sellerName: value("sellerName"), sellerAddress: value("sellerAddress"), sellerEmail: value("sellerEmail"), sellerVatNumber: value("sellerVatNumber"), termsUrl: value("termsUrl"), privacyUrl: value("privacyUrl") },
          });
        }}
      >
        <ErrorBanner message={Object.keys(errors).length ? null : errorMessageOf(save.error)} />
        {fields.map((field) => (
          <Field key={field.name} label={field.label} error={errors[`seller.${field.name}`]} hint={field.hint}>
            <TextInput type={field.type} name={field.name} defaultValue={current[field.name] ?? ""} />
          </Field>
        ))}
        <div className="flex items-end gap-3">
          <SubmitButton pending={save.isPending} label="Save seller" saved={save.isSuccess} />
        </div>
      </form>
    </Card>
  );
}
