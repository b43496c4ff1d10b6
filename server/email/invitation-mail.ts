import "server-only";
import type { StaffRole } from "@/db/schema";
import type { OutgoingMail } from "./outgoing-mail";
import { escapeHtml } from "./templates";

export type InvitationMailInput = { to: string; studioName: string; inviterName: string; role: StaffRole; link: string; expiresAt: Date };

/**
 * The invitation to join a studio's dashboard. Staff work in English (the dashboard is English), so
 * there is one wording. Studio and inviter names are chosen by people, so they are escaped in HTML and
 * kept off the subject's line breaks.
 */
export function invitationMail(input: InvitationMailInput): OutgoingMail {
  const { studioName, inviterName, role, link } = input;
  const until = input.expiresAt.toUTCString();
  const intro = `${inviterName} invited you to join ${studioName} on Gamecoin as ${role}.`;
  const text = [intro, "", "Accept the invitation and choose your password here:", link, "", `The link works once, until ${until}.`, "If you did not expect it, ignore this message.", ""].join("\n");
  const html = [
    `<!doctype html><html lang="en"><body style="font-family:sans-serif;color:#222">`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">Accept the invitation</a></p>`,
    `<p style="font-size:12px;color:#666">Or paste this link in your browser: ${escapeHtml(link)}</p>`,
    `<p>The link works once, until ${escapeHtml(until)}.</p>`,
    `<p style="color:#666">If you did not expect it, ignore this message.</p>`,
    `</body></html>`,
  ].join("\n");
  return { to: input.to, fromName: "Gamecoin", subject: `Join ${studioName} on Gamecoin`.replace(/[\r\n]+/g, " "), text, html };
}
