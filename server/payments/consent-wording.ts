/**
 * The words a buyer consents to before paying for digital content (Directive 2011/83/EU, art. 16(m)),
 * and the confirmation each receipt repeats (art. 8(7)(b)), per version. An order keeps the version it
 * was consented under (`orders.consent_version`), so a later rewording never changes what a past buyer
 * agreed to: add a version here, never edit one that orders already name.
 */
export const consentVersions = ["v1"] as const;
export type ConsentVersion = (typeof consentVersions)[number];

/** The version the payment page asks for today. */
export const CURRENT_CONSENT_VERSION: ConsentVersion = "v1";

/** The payment page's languages (pay-messages.ts's ConsentLocale; named here so the two files do not import each other). */
type ConsentLocale = "fr" | "en" | "nl";

export type ConsentWording = {
  /** The checkbox's label on the payment page. */
  consent: string;
  /** The receipt's statement, given when the consent was recorded (already formatted in the receipt's language). */
  confirmation: (when: string) => string;
  /** The receipt's heading over that statement. */
  heading: string;
};

export const consentWordings: Record<ConsentVersion, Record<ConsentLocale, ConsentWording>> = {
  v1: {
    fr: {
      consent: "Je demande la livraison immédiate du contenu numérique après le paiement et je reconnais perdre ainsi mon droit de rétractation.",
      confirmation: (when) =>
        `Le ${when} (UTC), vous avez demandé la livraison immédiate de ce contenu numérique et reconnu perdre ainsi votre droit de rétractation de 14 jours. Le contenu a été livré sur votre compte : ce droit ne s'applique donc plus à cet achat.`,
      heading: "Livraison immédiate et droit de rétractation",
    },
    en: {
      consent: "I ask for the digital content to be delivered immediately after payment, and I acknowledge that I thereby lose my right of withdrawal.",
      confirmation: (when) =>
        `On ${when} (UTC), you asked for this digital content to be delivered immediately and acknowledged that you thereby lose your 14-day right of withdrawal. The content has been delivered to your account, so that right no longer applies to this purchase.`,
      heading: "Immediate delivery and right of withdrawal",
    },
    nl: {
      consent: "Ik vraag om onmiddellijke levering van de digitale inhoud na betaling en erken dat ik daardoor mijn herroepingsrecht verlies.",
      confirmation: (when) =>
        `Op ${when} (UTC) heb je gevraagd om deze digitale inhoud onmiddellijk te leveren en erkend dat je daardoor je herroepingsrecht van 14 dagen verliest. De inhoud is op je account geleverd: dat recht geldt dus niet meer voor deze aankoop.`,
      heading: "Onmiddellijke levering en herroepingsrecht",
    },
  },
};

/** The wording an order was consented under; an unknown or missing version reads as the current one's shape, never throws. */
export function consentWordingOf(version: string | null, locale: ConsentLocale): ConsentWording {
  const known = (consentVersions as readonly string[]).includes(version ?? "") ? (version as ConsentVersion) : CURRENT_CONSENT_VERSION;
  return consentWordings[known][locale];
}
