import "server-only";
import type { Locale } from "@/server/orders/locales";

export type CodePurpose = "link" | "sign_in";

export type CodeMailInput = { gameName: string; code: string; purpose: CodePurpose; validMinutes: number };

export type MailContent = { subject: string; text: string; html: string };

type Wording = {
  subject: (game: string, purpose: CodePurpose) => string;
  intro: (game: string, purpose: CodePurpose) => string;
  validity: (minutes: number) => string;
  ignore: string;
};

const wordings: Record<Locale, Wording> = {
  fr: {
    subject: (game, purpose) => (purpose === "link" ? `Confirmez votre adresse pour ${game}` : `Votre code de connexion à ${game}`),
    intro: (game, purpose) =>
      purpose === "link"
        ? `Voici votre code pour lier cette adresse à votre compte ${game} :`
        : `Voici votre code pour vous connecter à ${game} :`,
    validity: (minutes) => `Ce code est valable ${minutes} minutes et ne sert qu'une fois.`,
    ignore: "Si vous n'avez rien demandé, ignorez ce message.",
  },
  en: {
    subject: (game, purpose) => (purpose === "link" ? `Confirm your address for ${game}` : `Your ${game} sign-in code`),
    intro: (game, purpose) =>
      purpose === "link" ? `Here is your code to link this address to your ${game} account:` : `Here is your code to sign in to ${game}:`,
    validity: (minutes) => `This code is valid for ${minutes} minutes and can be used once.`,
    ignore: "If you did not ask for it, ignore this message.",
  },
  nl: {
    subject: (game, purpose) => (purpose === "link" ? `Bevestig je adres voor ${game}` : `Je inlogcode voor ${game}`),
    intro: (game, purpose) =>
      purpose === "link" ? `Hier is je code om dit adres aan je ${game}-account te koppelen:` : `Hier is je code om in te loggen bij ${game}:`,
    validity: (minutes) => `Deze code is ${minutes} minuten geldig en kan één keer worden gebruikt.`,
    ignore: "Heb je niets aangevraagd? Negeer dan dit bericht.",
  },
};

/** The game name is chosen by a studio, so it is escaped before it goes into HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}

/** The mail that carries a six-digit code, in the player's language. */
export function codeMail(locale: Locale, input: CodeMailInput): MailContent {
  const w = wordings[locale];
  const { gameName, code, purpose, validMinutes } = input;
  const text = [w.intro(gameName, purpose), "", code, "", w.validity(validMinutes), w.ignore, ""].join("\n");
  const game = escapeHtml(gameName);
  const html = [
    `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;color:#222">`,
    `<p>${escapeHtml(w.intro(gameName, purpose)).replace(game, () => `<strong>${game}</strong>`)}</p>`,
    `<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${code}</p>`,
    `<p>${escapeHtml(w.validity(validMinutes))}</p>`,
    `<p style="color:#666">${escapeHtml(w.ignore)}</p>`,
    `</body></html>`,
  ].join("\n");
  // Subjects are one line: a game name with a line break must not add mail headers.
  return { subject: w.subject(gameName, purpose).replace(/[\r\n]+/g, " "), text, html };
}
