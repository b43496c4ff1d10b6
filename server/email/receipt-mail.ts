import "server-only";
import type { Locale } from "@/server/orders/locales";
import type { ReceiptFacts } from "@/server/payments/receipt-facts";
import { escapeHtml, type MailContent } from "./templates";

/** Everything a receipt states, already formatted for the buyer's language (server/payments/receipt-facts.ts). */
export type ReceiptInput = Pick<ReceiptFacts, "gameName" | "packName" | "orderId" | "date" | "country" | "total" | "net" | "vatLabel" | "vat" | "credited" | "seller" | "consent" | "receiptUrl">;

type Wording = {
  subject: (game: string, pack: string) => string;
  intro: (game: string) => string;
  pack: string;
  total: string;
  net: string;
  country: string;
  order: string;
  date: string;
  credited: string;
  seller: string;
  sellerAddress: string;
  sellerVat: string;
  keep: string;
};

const wordings: Record<Locale, Wording> = {
  fr: {
    subject: (game, pack) => `Votre reçu ${game} : ${pack}`,
    intro: (game) => `Merci pour votre achat dans ${game}. Voici votre reçu.`,
    pack: "Article",
    total: "Total TTC",
    net: "Montant hors TVA",
    country: "Pays",
    order: "Référence de commande",
    date: "Date",
    credited: "Crédité sur votre compte",
    seller: "Vendeur",
    sellerAddress: "Adresse du vendeur",
    sellerVat: "N° de TVA du vendeur",
    keep: "Votre reçu, à conserver",
  },
  en: {
    subject: (game, pack) => `Your ${game} receipt: ${pack}`,
    intro: (game) => `Thank you for your purchase in ${game}. Here is your receipt.`,
    pack: "Item",
    total: "Total incl. VAT",
    net: "Amount excl. VAT",
    country: "Country",
    order: "Order reference",
    date: "Date",
    credited: "Credited to your account",
    seller: "Seller",
    sellerAddress: "Seller's address",
    sellerVat: "Seller's VAT number",
    keep: "Your receipt, to keep",
  },
  nl: {
    subject: (game, pack) => `Je ontvangstbewijs van ${game}: ${pack}`,
    intro: (game) => `Bedankt voor je aankoop in ${game}. Hier is je ontvangstbewijs.`,
    pack: "Artikel",
    total: "Totaal incl. btw",
    net: "Bedrag excl. btw",
    country: "Land",
    order: "Bestelreferentie",
    date: "Datum",
    credited: "Bijgeschreven op je account",
    seller: "Verkoper",
    sellerAddress: "Adres van de verkoper",
    sellerVat: "Btw-nummer van de verkoper",
    keep: "Je ontvangstbewijs, om te bewaren",
  },
};

/**
 * The receipt of a fulfilled order, in the buyer's language: the figures, the seller's identity, the
 * consent to immediate delivery and the loss of the withdrawal right, and a link to the receipt page.
 * Studio-chosen names are escaped in HTML.
 */
export function receiptMail(locale: Locale, input: ReceiptInput): MailContent {
  const w = wordings[locale];
  const rows: [string, string][] = [
    [w.pack, input.packName],
    [w.total, input.total],
    [w.net, input.net],
    [input.vatLabel, input.vat],
    [w.country, input.country],
    [w.order, input.orderId],
    [w.date, input.date],
  ];
  if (input.seller.name) rows.push([w.seller, input.seller.name]);
  if (input.seller.address) rows.push([w.sellerAddress, input.seller.address.replace(/\s*\n\s*/g, ", ")]);
  if (input.seller.vatNumber) rows.push([w.sellerVat, input.seller.vatNumber]);
  const text = [
    w.intro(input.gameName),
    "",
    ...rows.map(([label, value]) => `${label}: ${value}`),
    "",
    `${w.credited}:`,
    ...input.credited.map((line) => `- ${line}`),
    "",
    `${input.consent.heading}:`,
    input.consent.text,
    "",
    `${w.keep}: ${input.receiptUrl}`,
    "",
  ].join("\n");
  const html = [
    `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;color:#222">`,
    `<p>${escapeHtml(w.intro(input.gameName))}</p>`,
    `<table style="border-collapse:collapse">`,
    ...rows.map(([label, value]) => `<tr><td style="padding:2px 12px 2px 0;color:#555">${escapeHtml(label)}</td><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`),
    `</table>`,
    `<p style="margin-top:16px;color:#555">${escapeHtml(w.credited)}</p>`,
    `<ul>${input.credited.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`,
    `<p style="margin-top:16px;color:#555">${escapeHtml(input.consent.heading)}</p>`,
    `<p>${escapeHtml(input.consent.text)}</p>`,
    `<p><a href="${escapeHtml(input.receiptUrl)}">${escapeHtml(w.keep)}</a></p>`,
    `</body></html>`,
  ].join("\n");
  // Subjects are one line: a name with a line break must not add mail headers.
  return { subject: w.subject(input.gameName, input.packName).replace(/[\r\n]+/g, " "), text, html };
}
