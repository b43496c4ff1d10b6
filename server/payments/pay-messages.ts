import { consentWordings, CURRENT_CONSENT_VERSION } from "./consent-wording";

export type PayLocale = "fr" | "en" | "nl";

/** Why a form on the payment page changed nothing; the form action names it in the page's `error` query parameter. */
export const payErrors = ["country", "consent", "confirming", "limit", "refused", "unavailable"] as const;
export type PayError = (typeof payErrors)[number];

export function payErrorOf(value: unknown): PayError | null {
  return (payErrors as readonly unknown[]).includes(value) ? (value as PayError) : null;
}

/** Why "Try again" made no new checkout; the retry action names it in the confirmation's `retry` query parameter. */
export const retryRefusals = ["soldOut", "notAvailable", "limit", "refused"] as const;
export type RetryRefusal = (typeof retryRefusals)[number];

export function retryRefusalOf(value: unknown): RetryRefusal | null {
  return (retryRefusals as readonly unknown[]).includes(value) ? (value as RetryRefusal) : null;
}

export type PayMessages = {
  title: string;
  secureCheckout: string;
  testBanner: string;
  orderFor: string;
  contents: string;
  bonus: string;
  country: string;
  updateCountry: string;
  /** Said by the polite live region once the price of the chosen country is shown. */
  priceUpdated: (country: string, vat: string, total: string) => string;
  subtotal: string;
  vat: (rate: string) => string;
  total: string;
  pay: (amount: string) => string;
  confirmFree: string;
  decline: string;
  cancel: string;
  testHint: string;
  expiresAt: (time: string) => string;
  /** The methods the buyer will find on the provider's page (names as the brands write them). */
  methodsOffered: (methods: string) => string;
  free: string;
  doneTitle: Record<"fulfilled" | "paid" | "failed" | "canceled" | "expired" | "refunded" | "chargeback" | "pending", string>;
  doneText: Record<"fulfilled" | "paid" | "failed" | "canceled" | "expired" | "refunded" | "chargeback" | "pending", string>;
  backToGame: string;
  closeWindow: string;
  orderReference: string;
  notFoundTitle: string;
  notFoundText: string;
  vatNote: string;
  errors: Record<PayError, string>;
  /** Directive 2011/83/EU, art. 16(m): express consent to immediate delivery, and the withdrawal right it ends. */
  consent: string;
  seller: string;
  terms: string;
  privacy: string;
  confirmingTitle: string;
  confirmingText: string;
  /** The confirmation's button after a decline, a cancel, or a payment left unfinished at the provider. */
  tryAgain: string;
  retryErrors: Record<RetryRefusal, string>;
  receipt: string;
  receiptDate: string;
  receiptCountry: string;
  credited: string;
  sellerVat: string;
  /** The receipt page's label of what was bought. */
  receiptItem: string;
  /** The done page's link to the receipt page, and that page's own texts. */
  receiptLink: string;
  receiptPageTitle: (game: string) => string;
  receiptPrintHint: string;
  refundedOn: (date: string) => string;
  noConsent: string;
  /** A coin-priced item's price in euros (CPC 2025 principles on virtual currencies), from the rule in docs/compliance.md. */
  euroEquivalent: (euros: string) => string;
  euroEquivalentNote: string;
};

export const payMessages: Record<PayLocale, PayMessages> = {
  fr: {
    title: "Paiement",
    secureCheckout: "Paiement sécurisé",
    testBanner: "MODE TEST : aucun paiement réel n'est effectué",
    orderFor: "Commande pour",
    contents: "Contenu",
    bonus: "bonus",
    country: "Pays de résidence",
    updateCountry: "Mettre à jour",
    priceUpdated: (country, vat, total) => `Prix mis à jour pour ${country} : ${vat}, total ${total}.`,
    subtotal: "Montant hors TVA",
    vat: (rate) => `TVA (${rate})`,
    total: "Total TTC",
    pay: (amount) => `Payer ${amount}`,
    confirmFree: "Confirmer (gratuit)",
    decline: "Simuler un refus",
    cancel: "Annuler",
    testHint: "Environnement de test : choisissez l'issue du paiement simulé.",
    expiresAt: (time) => `Cette commande expire à ${time}.`,
    methodsOffered: (methods) => `Moyens de paiement proposés : ${methods}.`,
    free: "Gratuit",
    doneTitle: {
      fulfilled: "Paiement réussi",
      paid: "Paiement reçu",
      failed: "Paiement refusé",
      canceled: "Paiement annulé",
      expired: "Commande expirée",
      refunded: "Commande remboursée",
      chargeback: "Paiement contesté",
      pending: "Paiement en attente",
    },
    doneText: {
      fulfilled: "Merci ! Votre achat a été ajouté à votre compte.",
      paid: "Merci ! Votre achat sera livré dans un instant.",
      failed: "Le paiement n'a pas abouti. Aucun montant n'a été débité.",
      canceled: "Vous avez annulé le paiement. Aucun montant n'a été débité.",
      expired: "Le délai de paiement est dépassé. Vous pouvez recommencer depuis le jeu.",
      refunded: "Cette commande a été remboursée.",
      chargeback: "Ce paiement a été contesté.",
      pending: "Le paiement n'a pas été terminé. Aucun montant n'a été débité.",
    },
    backToGame: "Retour au jeu",
    closeWindow: "Vous pouvez fermer cette fenêtre.",
    orderReference: "Référence de commande",
    notFoundTitle: "Lien de paiement introuvable",
    notFoundText: "Ce lien n'est pas valide. Recommencez l'achat depuis le jeu.",
    vatNote: "La TVA est celle de votre pays de résidence.",
    consent: consentWordings[CURRENT_CONSENT_VERSION].fr.consent,
    seller: "Vendeur",
    terms: "Conditions générales de vente",
    privacy: "Politique de confidentialité",
    confirmingTitle: "Paiement en cours de confirmation",
    confirmingText: "Votre paiement a bien été transmis. Cette page se met à jour dès qu'il est confirmé.",
    tryAgain: "Réessayer",
    retryErrors: {
      soldOut: "Ce pack est épuisé : impossible de réessayer. Aucun montant n'a été débité.",
      notAvailable: "Ce pack n'est plus en vente : impossible de réessayer. Aucun montant n'a été débité.",
      limit: "Vous avez atteint la limite d'achats de ce pack : impossible de réessayer.",
      refused: "Impossible de réessayer depuis cette page. Recommencez l'achat depuis le jeu.",
    },
    receipt: "Reçu",
    receiptDate: "Date",
    receiptCountry: "Pays",
    credited: "Crédité sur votre compte",
    sellerVat: "N° de TVA",
    receiptItem: "Article",
    receiptLink: "Voir et conserver votre reçu",
    receiptPageTitle: (game) => `Reçu ${game}`,
    receiptPrintHint: "Conservez ce reçu : imprimez cette page ou enregistrez-la en PDF (Ctrl+P ou ⌘P).",
    refundedOn: (date) => `Remboursé le ${date}`,
    noConsent: "Aucun consentement à la livraison immédiate n'a été enregistré pour cette commande.",
    euroEquivalent: (euros) => `≈ ${euros}`,
    euroEquivalentNote: "≈ : prix de l'objet en euros, au prix par pièce du pack de cette monnaie le moins cher, bonus non compté.",
    errors: {
      country: "Choisissez un pays de la liste : nous ne vendons que dans l'Union européenne. Rien n'a changé.",
      consent: "Pour payer, cochez la case : vous demandez la livraison immédiate et renoncez à votre droit de rétractation. Rien n'a été débité.",
      confirming: "Votre paiement est en cours de confirmation : cette commande ne peut plus être modifiée ni annulée.",
      limit: "Cet achat dépasserait la limite de votre compte. Aucun montant n'a été débité.",
      refused: "Ce paiement n'a pas pu aboutir. Aucun montant n'a été débité.",
      unavailable: "Le service est momentanément indisponible. Réessayez dans quelques secondes.",
    },
  },
  en: {
    title: "Checkout",
    secureCheckout: "Secure checkout",
    testBanner: "TEST MODE: no real payment is made",
    orderFor: "Order for",
    contents: "Contents",
    bonus: "bonus",
    country: "Country of residence",
    updateCountry: "Update price",
    priceUpdated: (country, vat, total) => `Price updated for ${country}: ${vat}, total ${total}.`,
    subtotal: "Amount excl. VAT",
    vat: (rate) => `VAT (${rate})`,
    total: "Total incl. VAT",
    pay: (amount) => `Pay ${amount}`,
    confirmFree: "Confirm (free)",
    decline: "Simulate a decline",
    cancel: "Cancel",
    testHint: "Test environment: choose the outcome of the simulated payment.",
    expiresAt: (time) => `This order expires at ${time}.`,
    methodsOffered: (methods) => `You can pay with: ${methods}.`,
    free: "Free",
    doneTitle: {
      fulfilled: "Payment successful",
      paid: "Payment received",
      failed: "Payment declined",
      canceled: "Payment canceled",
      expired: "Order expired",
      refunded: "Order refunded",
      chargeback: "Payment disputed",
      pending: "Payment pending",
    },
    doneText: {
      fulfilled: "Thank you! Your purchase has been added to your account.",
      paid: "Thank you! Your purchase will be delivered in a moment.",
      failed: "The payment did not go through. You have not been charged.",
      canceled: "You canceled the payment. You have not been charged.",
      expired: "The time to pay has passed. You can start again from the game.",
      refunded: "This order has been refunded.",
      chargeback: "This payment has been disputed.",
      pending: "The payment was not finished. You have not been charged.",
    },
    backToGame: "Back to the game",
    closeWindow: "You can close this window.",
    orderReference: "Order reference",
    notFoundTitle: "Payment link not found",
    notFoundText: "This link is not valid. Start the purchase again from the game.",
    vatNote: "VAT is charged at the rate of your country of residence.",
    consent: consentWordings[CURRENT_CONSENT_VERSION].en.consent,
    seller: "Seller",
    terms: "Terms of sale",
    privacy: "Privacy policy",
    confirmingTitle: "Payment being confirmed",
    confirmingText: "Your payment has been sent. This page updates as soon as it is confirmed.",
    tryAgain: "Try again",
    retryErrors: {
      soldOut: "This pack is sold out, so it cannot be tried again. You have not been charged.",
      notAvailable: "This pack is no longer on sale, so it cannot be tried again. You have not been charged.",
      limit: "You have reached the purchase limit for this pack, so it cannot be tried again.",
      refused: "This purchase cannot be tried again from here. Start again from the game.",
    },
    receipt: "Receipt",
    receiptDate: "Date",
    receiptCountry: "Country",
    credited: "Credited to your account",
    sellerVat: "VAT number",
    receiptItem: "Item",
    receiptLink: "View and keep your receipt",
    receiptPageTitle: (game) => `${game} receipt`,
    receiptPrintHint: "Keep this receipt: print this page or save it as a PDF (Ctrl+P or ⌘P).",
    refundedOn: (date) => `Refunded on ${date}`,
    noConsent: "No consent to immediate delivery was recorded for this order.",
    euroEquivalent: (euros) => `≈ ${euros}`,
    euroEquivalentNote: "≈: the item's price in euros, at the price per coin of that currency's cheapest pack, bonus not counted.",
    errors: {
      country: "Choose a country from the list: we only sell within the European Union. Nothing was changed.",
      consent: "To pay, tick the box: you ask for immediate delivery and give up your right of withdrawal. You have not been charged.",
      confirming: "Your payment is being confirmed: this order can no longer be changed or canceled.",
      limit: "This purchase would take your account over its limit. You have not been charged.",
      refused: "This payment could not be completed. You have not been charged.",
      unavailable: "The service is briefly unavailable. Try again in a few seconds.",
    },
  },
  nl: {
    title: "Afrekenen",
    secureCheckout: "Veilig betalen",
    testBanner: "TESTMODUS: er wordt niet echt betaald",
    orderFor: "Bestelling voor",
    contents: "Inhoud",
    bonus: "bonus",
    country: "Land van verblijf",
    updateCountry: "Bijwerken",
    priceUpdated: (country, vat, total) => `Prijs bijgewerkt voor ${country}: ${vat}, totaal ${total}.`,
    subtotal: "Bedrag excl. btw",
    vat: (rate) => `Btw (${rate})`,
    total: "Totaal incl. btw",
    pay: (amount) => `Betaal ${amount}`,
    confirmFree: "Bevestigen (gratis)",
    decline: "Weigering simuleren",
    cancel: "Annuleren",
    testHint: "Testomgeving: kies de uitkomst van de gesimuleerde betaling.",
    expiresAt: (time) => `Deze bestelling verloopt om ${time}.`,
    methodsOffered: (methods) => `Je kunt betalen met: ${methods}.`,
    free: "Gratis",
    doneTitle: {
      fulfilled: "Betaling geslaagd",
      paid: "Betaling ontvangen",
      failed: "Betaling geweigerd",
      canceled: "Betaling geannuleerd",
      expired: "Bestelling verlopen",
      refunded: "Bestelling terugbetaald",
      chargeback: "Betaling betwist",
      pending: "Betaling in behandeling",
    },
    doneText: {
      fulfilled: "Bedankt! Je aankoop is aan je account toegevoegd.",
      paid: "Bedankt! Je aankoop wordt zo geleverd.",
      failed: "De betaling is niet gelukt. Er is niets afgeschreven.",
      canceled: "Je hebt de betaling geannuleerd. Er is niets afgeschreven.",
      expired: "De betaaltermijn is verstreken. Je kunt opnieuw beginnen vanuit de game.",
      refunded: "Deze bestelling is terugbetaald.",
      chargeback: "Deze betaling is betwist.",
      pending: "De betaling is niet afgerond. Er is niets afgeschreven.",
    },
    backToGame: "Terug naar de game",
    closeWindow: "Je kunt dit venster sluiten.",
    orderReference: "Bestelreferentie",
    notFoundTitle: "Betaallink niet gevonden",
    notFoundText: "Deze link is niet geldig. Begin de aankoop opnieuw vanuit de game.",
    vatNote: "Btw wordt berekend tegen het tarief van je land van verblijf.",
    consent: consentWordings[CURRENT_CONSENT_VERSION].nl.consent,
    seller: "Verkoper",
    terms: "Verkoopvoorwaarden",
    privacy: "Privacybeleid",
    confirmingTitle: "Betaling wordt bevestigd",
    confirmingText: "Je betaling is verzonden. Deze pagina wordt bijgewerkt zodra ze is bevestigd.",
    tryAgain: "Opnieuw proberen",
    retryErrors: {
      soldOut: "Dit pakket is uitverkocht, dus opnieuw proberen kan niet. Er is niets afgeschreven.",
      notAvailable: "Dit pakket is niet meer te koop, dus opnieuw proberen kan niet. Er is niets afgeschreven.",
      limit: "Je hebt de aankooplimiet voor dit pakket bereikt, dus opnieuw proberen kan niet.",
      refused: "Deze aankoop kan hier niet opnieuw worden geprobeerd. Begin opnieuw vanuit de game.",
    },
    receipt: "Ontvangstbewijs",
    receiptDate: "Datum",
    receiptCountry: "Land",
    credited: "Bijgeschreven op je account",
    sellerVat: "Btw-nummer",
    receiptItem: "Artikel",
    receiptLink: "Bekijk en bewaar je ontvangstbewijs",
    receiptPageTitle: (game) => `Ontvangstbewijs ${game}`,
    receiptPrintHint: "Bewaar dit ontvangstbewijs: druk deze pagina af of sla ze op als pdf (Ctrl+P of ⌘P).",
    refundedOn: (date) => `Terugbetaald op ${date}`,
    noConsent: "Voor deze bestelling is geen toestemming voor onmiddellijke levering vastgelegd.",
    euroEquivalent: (euros) => `≈ ${euros}`,
    euroEquivalentNote: "≈: de prijs van het item in euro, tegen de prijs per munt van het goedkoopste pakket van die munt, bonus niet meegeteld.",
    errors: {
      country: "Kies een land uit de lijst: we verkopen alleen binnen de Europese Unie. Er is niets gewijzigd.",
      consent: "Vink het vakje aan om te betalen: je vraagt om onmiddellijke levering en ziet af van je herroepingsrecht. Er is niets afgeschreven.",
      confirming: "Je betaling wordt bevestigd: deze bestelling kan niet meer worden gewijzigd of geannuleerd.",
      limit: "Deze aankoop zou je account boven de limiet brengen. Er is niets afgeschreven.",
      refused: "Deze betaling kon niet worden voltooid. Er is niets afgeschreven.",
      unavailable: "De dienst is even niet beschikbaar. Probeer het over een paar seconden opnieuw.",
    },
  },
};

/** Building an Intl formatter costs far more than using one, and the pay page and shop format a dozen amounts per view. */
const euroFormats = new Map<PayLocale, Intl.NumberFormat>();
const rateFormats = new Map<PayLocale, Intl.NumberFormat>();

function formatterOf(cache: Map<PayLocale, Intl.NumberFormat>, locale: PayLocale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let format = cache.get(locale);
  if (!format) cache.set(locale, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

export function formatEuros(cents: number, locale: PayLocale): string {
  return formatterOf(euroFormats, locale, { style: "currency", currency: "EUR" }).format(cents / 100);
}

export function formatRate(rateBp: number, locale: PayLocale): string {
  return formatterOf(rateFormats, locale, { style: "percent", maximumFractionDigits: 2 }).format(rateBp / 10_000);
}
