import "server-only";
import type { Locale } from "@/server/orders/locales";
import { escapeHtml, type MailContent } from "./templates";

/** Everything a receipt states, already formatted for the buyer's language. */
export type ReceiptInput = {
  gameName: string;
  packName: string;
  orderId: string;
  date: string;
  country: string;
  total: string;
  net: string;
  vatRate: string;
  vat: string;
  credited: string[];
  seller: string | null;
};

type Wording = {
  subject: (game: string, pack: string) => string;
  intro: (game: string) => string;
  pack: string;
  total: string;
  net: string;
  vat: (rate: string) => string;
  country: string;
  order: string;
  date: string;
  credited: string;
  seller: string;
};

const wordings: Record<Locale, Wording> = {
  fr: {
    subject: (game, pack) => `Votre reçu ${game} : ${pack}`,
    intro: (game) => `Merci pour votre achat dans ${game}. Voici votre reçu.`,
    pack: "Article",
    total: "Total TTC",
    net: "Montant hors TVA",
    vat: (rate) => `TVA (${rate})`,
    country: "Pays",
    order: "Référence de commande",
    date: "Date",
    credited: "Crédité sur votre compte",
    seller: "Vendeur",
  },
  en: {
    subject: (game, pack) => `Your ${game} receipt: ${pack}`,
    intro: (game) => `Thank you for your purchase in ${game}. Here is your receipt.`,
    pack: "Item",
    total: "Total incl. VAT",
    net: "Amount excl. VAT",
    vat: (rate) => `VAT (${rate})`,
    country: "Country",
    order: "Order reference",
    date: "Date",
    credited: "Credited to your account",
    seller: "Seller",
  },
  nl: {
    subject: (game, pack) => `Je ontvangstbewijs van ${game}: ${pack}`,
    intro: (game) => `Bedankt voor je aankoop in ${game}. Hier is je ontvangstbewijs.`,
    pack: "Artikel",
    total: "Totaal incl. btw",
    net: "Bedrag excl. btw",
    vat: (rate) => `Btw (${rate})`,
    country: "Land",
    order: "Bestelreferentie",
    date: "Datum",
    credited: "Bijgeschreven op je account",
    seller: "Verkoper",
  },
};

/** The receipt of a fulfilled order, in the buyer's language; studio-chosen names are escaped in HTML. */
export function receiptMail(locale: Locale, input: ReceiptInput): MailContent {
  const w = wordings[locale];
  const rows: [string, string][] = [
    [w.pack, input.packName],
    [w.total, input.total],
    [w.net, input.net],
    [w.vat(input.vatRate), input.vat],
    [w.country, input.country],
    [w.order, input.orderId],
    [w.date, input.date],
  ];
  if (input.seller) rows.push([w.seller, input.seller]);
  const text = [w.intro(input.gameName), "", ...rows.map(([label, value]) => `${label}: ${value}`), "", `${w.credited}:`, ...input.credited.map((line) => `- ${line}`), ""].join("\n");
  const html = [
    `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;color:#222">`,
    `<p>${escapeHtml(w.intro(input.gameName))}</p>`,
    `<table style="border-collapse:collapse">`,
    ...rows.map(([label, value]) => `<tr><td style="padding:2px 12px 2px 0;color:#555">${escapeHtml(label)}</td><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`),
    `</table>`,
    `<p style="margin-top:16px;color:#555">${escapeHtml(w.credited)}</p>`,
    `<ul>${input.credited.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`,
    `</body></html>`,
  ].join("\n");
  // Subjects are one line: a name with a line break must not add mail headers.
  return { subject: w.subject(input.gameName, input.packName).replace(/[\r\n]+/g, " "), text, html };
}
