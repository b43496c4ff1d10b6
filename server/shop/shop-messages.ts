import type { Locale } from "@/server/orders/locales";
import type { LinkRefusal } from "./shop-links";

/** Why a shop form changed nothing; the form's route names it in the shop's `error` query parameter. */
export const shopErrors = ["soldOut", "notAvailable", "limit", "creatorCode", "payment", "signIn", "code", "noPlayer", "rateLimited", "refused"] as const;
export type ShopError = (typeof shopErrors)[number];

export function shopErrorOf(value: unknown): ShopError | null {
  return (shopErrors as readonly unknown[]).includes(value) ? (value as ShopError) : null;
}

export const linkRefusals: readonly LinkRefusal[] = ["unknown", "used", "expired", "other-shop", "blocked"];
export function linkRefusalOf(value: unknown): LinkRefusal | null {
  return (linkRefusals as readonly unknown[]).includes(value) ? (value as LinkRefusal) : null;
}

export type ShopMessages = {
  shop: string;
  testBanner: string;
  packs: string;
  noPacks: string;
  balances: string;
  orders: string;
  noOrders: string;
  bonus: string;
  inside: string;
  buy: (price: string) => string;
  preOrder: (price: string) => string;
  priceNote: (vat: string, country: string) => string;
  states: { startsOn: (date: string) => string; endsIn: (when: string) => string; soldOut: string; limitReached: string; founder: string; preOrderNote: string; remaining: (n: string) => string };
  creatorCode: string;
  creatorCodeHint: string;
  backToGame: string;
  signOut: string;
  signedInAs: (name: string) => string;
  signInTitle: string;
  signInText: string;
  email: string;
  sendCode: string;
  code: string;
  codeSent: string;
  verify: string;
  otherAddress: string;
  refusedTitle: string;
  refused: Record<LinkRefusal, string>;
  refusedHint: string;
  errors: Record<ShopError, string>;
  confirmation: { fulfilled: string; pending: string; other: string };
  receipt: { order: string; date: string; status: string; net: string; vat: (rate: string) => string; total: string; country: string; creator: string };
  orderStatus: Record<string, string>;
};

const en: ShopMessages = {
  shop: "Shop",
  testBanner: "TEST SHOP: payments are simulated, no money moves",
  packs: "Packs",
  noPacks: "Nothing is on sale right now.",
  balances: "Your balance",
  orders: "Your orders",
  noOrders: "No orders yet.",
  bonus: "bonus",
  inside: "Inside",
  buy: (price) => `Buy for ${price}`,
  preOrder: (price) => `Pre-order for ${price}`,
  priceNote: (vat, country) => `VAT included (${vat}, ${country})`,
  states: {
    startsOn: (date) => `On sale from ${date}`,
    endsIn: (when) => `Ends ${when}`,
    soldOut: "Sold out",
    limitReached: "You have reached the limit for this pack",
    founder: "Founder pack",
    preOrderNote: "Pre-order: delivered now, the game launches later",
    remaining: (n) => `${n} left`,
  },
  creatorCode: "Creator code (optional)",
  creatorCodeHint: "Supporting a creator? Type their code before you buy.",
  backToGame: "Back to the game",
  signOut: "Sign out",
  signedInAs: (name) => `Signed in as ${name}`,
  signInTitle: "Sign in to the shop",
  signInText: "Open the shop from the game to arrive signed in, or get a six-digit code by e-mail if your account has a linked address.",
  email: "E-mail address",
  sendCode: "Send me a code",
  code: "Six-digit code",
  codeSent: "If this address is linked to a player, a code is on its way. It is valid 10 minutes.",
  verify: "Sign in",
  otherAddress: "Use another address",
  refusedTitle: "This link cannot sign you in",
  refused: {
    unknown: "This shop link is not valid.",
    used: "This shop link was already used. A link works only once.",
    expired: "This shop link has expired. A link is valid for 10 minutes.",
    "other-shop": "This link belongs to another game's or environment's shop.",
    blocked: "This account cannot use the shop.",
  },
  refusedHint: "Go back to the game and open the shop again.",
  errors: {
    soldOut: "This pack is sold out.",
    notAvailable: "This pack is not on sale right now.",
    limit: "You have reached the limit for this pack, or you have an unpaid checkout of it: pay or cancel it first.",
    creatorCode: "This creator code is not valid.",
    payment: "Payments are not available right now.",
    signIn: "Please sign in again.",
    code: "This code is not valid. Check it, or ask for a new one.",
    noPlayer: "No player is linked to this address.",
    rateLimited: "Too many attempts. Please wait a few minutes.",
    refused: "That did not work. Please try again.",
  },
  confirmation: { fulfilled: "Thank you! Your purchase is in your wallet.", pending: "Your payment is not confirmed yet.", other: "This order was not paid." },
  receipt: { order: "Order", date: "Date", status: "Status", net: "Price excl. VAT", vat: (rate) => `VAT ${rate}`, total: "Total", country: "Country", creator: "Creator code" },
  orderStatus: { pending: "Pending", paid: "Paid", fulfilled: "Delivered", refunded: "Refunded", chargeback: "Disputed", failed: "Failed", canceled: "Canceled", expired: "Expired" },
};

const fr: ShopMessages = {
  shop: "Boutique",
  testBanner: "BOUTIQUE DE TEST : paiements simulés, aucun argent ne circule",
  packs: "Packs",
  noPacks: "Rien n’est en vente pour le moment.",
  balances: "Votre solde",
  orders: "Vos commandes",
  noOrders: "Aucune commande pour l’instant.",
  bonus: "bonus",
  inside: "Contenu",
  buy: (price) => `Acheter pour ${price}`,
  preOrder: (price) => `Précommander pour ${price}`,
  priceNote: (vat, country) => `TVA comprise (${vat}, ${country})`,
  states: {
    startsOn: (date) => `En vente dès le ${date}`,
    endsIn: (when) => `Fin ${when}`,
    soldOut: "Épuisé",
    limitReached: "Vous avez atteint la limite pour ce pack",
    founder: "Pack fondateur",
    preOrderNote: "Précommande : livrée maintenant, le jeu sort plus tard",
    remaining: (n) => `Plus que ${n}`,
  },
  creatorCode: "Code créateur (facultatif)",
  creatorCodeHint: "Vous soutenez un créateur ? Saisissez son code avant d’acheter.",
  backToGame: "Retour au jeu",
  signOut: "Se déconnecter",
  signedInAs: (name) => `Connecté en tant que ${name}`,
  signInTitle: "Connexion à la boutique",
  signInText: "Ouvrez la boutique depuis le jeu pour arriver connecté, ou recevez un code à six chiffres par e-mail si votre compte a une adresse liée.",
  email: "Adresse e-mail",
  sendCode: "Recevoir un code",
  code: "Code à six chiffres",
  codeSent: "Si cette adresse est liée à un joueur, un code est en route. Il est valable 10 minutes.",
  verify: "Se connecter",
  otherAddress: "Utiliser une autre adresse",
  refusedTitle: "Ce lien ne peut pas vous connecter",
  refused: {
    unknown: "Ce lien de boutique n’est pas valide.",
    used: "Ce lien de boutique a déjà servi. Un lien ne fonctionne qu’une fois.",
    expired: "Ce lien de boutique a expiré. Un lien est valable 10 minutes.",
    "other-shop": "Ce lien appartient à la boutique d’un autre jeu ou d’un autre environnement.",
    blocked: "Ce compte ne peut pas utiliser la boutique.",
  },
  refusedHint: "Retournez dans le jeu et ouvrez à nouveau la boutique.",
  errors: {
    soldOut: "Ce pack est épuisé.",
    notAvailable: "Ce pack n’est pas en vente pour le moment.",
    limit: "Vous avez atteint la limite pour ce pack, ou un paiement de ce pack est en attente : payez-le ou annulez-le d’abord.",
    creatorCode: "Ce code créateur n’est pas valide.",
    payment: "Les paiements ne sont pas disponibles pour le moment.",
    signIn: "Veuillez vous reconnecter.",
    code: "Ce code n’est pas valide. Vérifiez-le ou demandez-en un nouveau.",
    noPlayer: "Aucun joueur n’est lié à cette adresse.",
    rateLimited: "Trop de tentatives. Patientez quelques minutes.",
    refused: "Cela n’a pas fonctionné. Veuillez réessayer.",
  },
  confirmation: { fulfilled: "Merci ! Votre achat est dans votre portefeuille.", pending: "Votre paiement n’est pas encore confirmé.", other: "Cette commande n’a pas été payée." },
  receipt: { order: "Commande", date: "Date", status: "Statut", net: "Prix HT", vat: (rate) => `TVA ${rate}`, total: "Total", country: "Pays", creator: "Code créateur" },
  orderStatus: { pending: "En attente", paid: "Payée", fulfilled: "Livrée", refunded: "Remboursée", chargeback: "Contestée", failed: "Échouée", canceled: "Annulée", expired: "Expirée" },
};

const nl: ShopMessages = {
  shop: "Winkel",
  testBanner: "TESTWINKEL: betalingen zijn gesimuleerd, er wordt geen geld verplaatst",
  packs: "Pakketten",
  noPacks: "Er is momenteel niets te koop.",
  balances: "Je saldo",
  orders: "Je bestellingen",
  noOrders: "Nog geen bestellingen.",
  bonus: "bonus",
  inside: "Inhoud",
  buy: (price) => `Koop voor ${price}`,
  preOrder: (price) => `Pre-order voor ${price}`,
  priceNote: (vat, country) => `Btw inbegrepen (${vat}, ${country})`,
  states: {
    startsOn: (date) => `Te koop vanaf ${date}`,
    endsIn: (when) => `Eindigt ${when}`,
    soldOut: "Uitverkocht",
    limitReached: "Je hebt de limiet voor dit pakket bereikt",
    founder: "Founderpakket",
    preOrderNote: "Pre-order: nu geleverd, de game verschijnt later",
    remaining: (n) => `Nog ${n}`,
  },
  creatorCode: "Creatorcode (optioneel)",
  creatorCodeHint: "Steun je een creator? Typ de code voordat je koopt.",
  backToGame: "Terug naar de game",
  signOut: "Afmelden",
  signedInAs: (name) => `Aangemeld als ${name}`,
  signInTitle: "Aanmelden bij de winkel",
  signInText: "Open de winkel vanuit de game om aangemeld binnen te komen, of ontvang een zescijferige code per e-mail als je account een gekoppeld adres heeft.",
  email: "E-mailadres",
  sendCode: "Stuur me een code",
  code: "Zescijferige code",
  codeSent: "Als dit adres aan een speler gekoppeld is, is er een code onderweg. Hij is 10 minuten geldig.",
  verify: "Aanmelden",
  otherAddress: "Een ander adres gebruiken",
  refusedTitle: "Met deze link kun je je niet aanmelden",
  refused: {
    unknown: "Deze winkellink is niet geldig.",
    used: "Deze winkellink is al gebruikt. Een link werkt maar één keer.",
    expired: "Deze winkellink is verlopen. Een link is 10 minuten geldig.",
    "other-shop": "Deze link hoort bij de winkel van een andere game of omgeving.",
    blocked: "Dit account kan de winkel niet gebruiken.",
  },
  refusedHint: "Ga terug naar de game en open de winkel opnieuw.",
  errors: {
    soldOut: "Dit pakket is uitverkocht.",
    notAvailable: "Dit pakket is momenteel niet te koop.",
    limit: "Je hebt de limiet voor dit pakket bereikt, of er staat nog een onbetaalde bestelling open: betaal of annuleer die eerst.",
    creatorCode: "Deze creatorcode is niet geldig.",
    payment: "Betalen is momenteel niet mogelijk.",
    signIn: "Meld je opnieuw aan.",
    code: "Deze code is niet geldig. Controleer hem of vraag een nieuwe aan.",
    noPlayer: "Er is geen speler aan dit adres gekoppeld.",
    rateLimited: "Te veel pogingen. Wacht enkele minuten.",
    refused: "Dat is niet gelukt. Probeer het opnieuw.",
  },
  confirmation: { fulfilled: "Bedankt! Je aankoop staat in je portemonnee.", pending: "Je betaling is nog niet bevestigd.", other: "Deze bestelling is niet betaald." },
  receipt: { order: "Bestelling", date: "Datum", status: "Status", net: "Prijs excl. btw", vat: (rate) => `Btw ${rate}`, total: "Totaal", country: "Land", creator: "Creatorcode" },
  orderStatus: { pending: "In behandeling", paid: "Betaald", fulfilled: "Geleverd", refunded: "Terugbetaald", chargeback: "Betwist", failed: "Mislukt", canceled: "Geannuleerd", expired: "Verlopen" },
};

export const shopMessages: Record<Locale, ShopMessages> = { fr, en, nl };
