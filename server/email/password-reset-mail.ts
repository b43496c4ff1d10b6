import "server-only";
import type { OutgoingMail } from "./outgoing-mail";
import { escapeHtml } from "./templates";

export type PasswordResetMailInput = { to: string; name: string; link: string; expiresAt: Date };

/**
 * The link to choose a new dashboard password. English, like the dashboard and the invitation mail.
 * The member's name is chosen by people, so it is escaped in HTML. It says what happens to open
 * sessions, and what to do when the member did not ask: nothing changes until the link is used.
 */
export function passwordResetMail(input: PasswordResetMailInput): OutgoingMail {
  const { name, link } = input;
  const until = input.expiresAt.toUTCString();
  const greeting = `Hello ${name},`;
  const intro = "Someone asked to reset the password of your Gamecoin dashboard account.";
  const effect = "Choosing a new password signs your account out everywhere it is signed in.";
  const ignore = "If you did not ask for it, ignore this message: your password stays as it is.";
  const text = [greeting, "", intro, "Choose a new password here:", link, "", `The link works once, until ${until}.`, effect, ignore, ""].join("\n");
  const html = [
    `<!doctype html><html lang="en"><body style="font-family:sans-serif;color:#222">`,
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">Choose a new password</a></p>`,
    `<p style="font-size:12px;color:#666">Or paste this link in your browser: ${escapeHtml(link)}</p>`,
    `<p>The link works once, until ${escapeHtml(until)}. ${escapeHtml(effect)}</p>`,
    `<p style="color:#666">${escapeHtml(ignore)}</p>`,
    `</body></html>`,
  ].join("\n");
  return { to: input.to, fromName: "Gamecoin", subject: "Reset your Gamecoin password", text, html };
}

export type PasswordChangedMailInput = { to: string; name: string; at: Date; resetLink: string };

/**
 * Sent once a reset link was used: if the member did not do it, this is how they learn that someone
 * who could read their mail did, while the link that could do it again is already spent.
 */
export function passwordChangedMail(input: PasswordChangedMailInput): OutgoingMail {
  const greeting = `Hello ${input.name},`;
  const what = `The password of your Gamecoin dashboard account was changed on ${input.at.toUTCString()} with a reset link, and every session of the account was signed out.`;
  const notYou = "If you did not do this, ask for a new reset link now to take the account back, and tell your studio's admin.";
  const text = [greeting, "", what, "", notYou, input.resetLink, ""].join("\n");
  const html = [
    `<!doctype html><html lang="en"><body style="font-family:sans-serif;color:#222">`,
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(what)}</p>`,
    `<p>${escapeHtml(notYou)} <a href="${escapeHtml(input.resetLink)}">${escapeHtml(input.resetLink)}</a></p>`,
    `</body></html>`,
  ].join("\n");
  return { to: input.to, fromName: "Gamecoin", subject: "Your Gamecoin password was changed", text, html };
}
