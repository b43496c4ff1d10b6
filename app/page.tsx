import Link from "next/link";

export default function HomePage() {
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 px-6 py-20">
      <p className="text-sm font-semibold uppercase tracking-widest text-indigo-600">Gamecoin</p>
      <h1 className="text-4xl font-bold tracking-tight">Money that is always right, for your game.</h1>
      <p className="text-lg text-slate-600">
        Virtual currencies with paid and bonus buckets, an immutable ledger, inventories, and pack sales in euros with EU VAT.
      </p>
      <div className="flex gap-3">
        <Link href="/docs" className="rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-500">
          API reference
        </Link>
        <a href="/api/v1/openapi.json" className="rounded-md border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-100">
          OpenAPI document
        </a>
      </div>
    </main>
  );
}
