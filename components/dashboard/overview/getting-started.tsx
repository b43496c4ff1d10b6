import Link from "next/link";

type Step = { done: boolean; title: string; body: string; href: string; cta: string };

/** Shown until the environment has a secret key and a first order: the shortest path to a sale and its webhook. */
export type SetupState = { hasKeys: boolean; hasPacks: boolean; hasOrders: boolean; hasWebhooks: boolean; hasProvider: boolean };

export function GettingStarted({ base, env, state }: { base: string; env: "test" | "live"; state: SetupState }) {
  const { hasKeys, hasPacks, hasOrders, hasWebhooks, hasProvider } = state;
  const steps: Step[] = [
    { done: hasKeys, title: "Create API keys", body: `A secret key for your game backend, a publishable key for clients (${env}).`, href: `${base}/settings`, cta: "Keys & settings" },
    { done: hasPacks, title: "Set up the catalog", body: "Currencies, items and the packs players can buy.", href: `${base}/catalog`, cta: "Catalog" },
    // No provider (live's default): paid checkouts answer 402, so connecting one comes before the first sale.
    hasProvider
      ? {
          done: hasOrders,
          title: env === "test" ? "Make a test checkout" : "Sell your first pack",
          body: env === "test" ? "POST /api/v1/players/{ref}/checkouts with the test secret key, then pay it from the order's page." : "Orders appear here as soon as players check out.",
          href: "/docs",
          cta: "API reference",
        }
      : {
          done: false,
          title: "Connect a payment provider",
          body: `Paid checkouts in ${env} answer 402 until Stripe is connected: add its keys and webhook in Keys & settings → Payments (admins and owners).`,
          href: `${base}/settings#payments`,
          cta: "Connect Stripe",
        },
    { done: hasWebhooks, title: "Receive webhooks", body: "Get order.fulfilled and order.refunded on your server.", href: `${base}/webhooks`, cta: "Webhooks" },
  ];
  return (
    <section className="rounded-xl border border-indigo-200 bg-gradient-to-br from-indigo-50 to-white p-5 shadow-sm" data-testid="getting-started">
      <h2 className="text-base font-semibold text-slate-900">Getting started</h2>
      <p className="mt-1 text-sm text-slate-600">Four steps from an empty game to a paid order.</p>
      <ol className="mt-4 grid gap-3 md:grid-cols-2">
        {steps.map((step, i) => (
          <li key={step.title} className="flex gap-3 rounded-lg border border-slate-200 bg-white p-3">
            <span
              className={`flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${step.done ? "bg-emerald-700 text-white" : "bg-slate-100 text-slate-700"}`}
              role="img"
              aria-label={step.done ? "done" : `step ${i + 1}`}
            >
              {step.done ? "✓" : i + 1}
            </span>
            <div className="min-w-0">
              <p className={`text-sm font-medium ${step.done ? "text-slate-600 line-through" : "text-slate-900"}`}>{step.title}</p>
              <p className="text-xs text-slate-600">{step.body}</p>
              <Link href={step.href} className="mt-1 inline-block text-xs font-medium text-indigo-700 hover:underline">
                {step.cta} →
              </Link>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
