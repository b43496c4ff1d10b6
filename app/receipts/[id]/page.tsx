import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/server/db/connection";
import { payMessages } from "@/server/payments/pay-messages";
import { getReceiptPage } from "@/server/payments/receipt-page";
import { ReceiptDocument } from "@/components/pay/receipt-document";
import { DocumentLang } from "@/components/pay/document-lang";
import { acceptLanguage } from "../../pay/page-locale";

export const dynamic = "force-dynamic";

const receiptFor = cache(async (id: string) => getReceiptPage(await getDb(), id, await acceptLanguage()));

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const facts = await receiptFor((await params).id);
  return { title: facts ? payMessages[facts.locale].receiptPageTitle(facts.gameName) : "Gamecoin", robots: { index: false } };
}

/** A paid order's receipt, at an address only its buyer was given (the receipt mail, the confirmation page). */
export default async function ReceiptPage({ params }: { params: Promise<{ id: string }> }) {
  const facts = await receiptFor((await params).id);
  if (!facts) notFound();
  return (
    <div lang={facts.locale} className="min-h-screen bg-slate-100 print:bg-white">
      <DocumentLang lang={facts.locale} />
      <main className="mx-auto max-w-xl px-4 py-10 print:max-w-none print:p-0">
        <div className="rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-900/5 print:rounded-none print:p-0 print:shadow-none print:ring-0">
          <ReceiptDocument facts={facts} t={payMessages[facts.locale]} />
        </div>
      </main>
    </div>
  );
}
