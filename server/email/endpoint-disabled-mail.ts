import "server-only";
import type { OutgoingMail } from "./outgoing-mail";
import { escapeHtml } from "./templates";

export type EndpointDisabledMailInput = {
  to: string;
  gameName: string;
  env: "test" | "live";
  url: string;
  failures: number;
  disabledAt: Date;
  timeZone: string;
  /** The game's webhooks page in the dashboard, where the endpoint is re-enabled. */
  link: string;
};

/** As the dashboard shows instants (components/ui/format.tsx): "4 Mar 2030, 09:05 UTC", in the studio's zone. */
function when(at: Date, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZoneName: "short" };
  try {
    return new Intl.DateTimeFormat("en-GB", { ...options, timeZone }).format(at);
  } catch {
    return new Intl.DateTimeFormat("en-GB", { ...options, timeZone: "UTC" }).format(at);
  }
}

/**
 * Tells the studio's developers, admins and owners that an endpoint stopped receiving events. The URL
 * and game name are typed by people, so they are escaped in HTML and kept off the subject's line breaks.
 */
export function endpointDisabledMail(input: EndpointDisabledMailInput): OutgoingMail {
  const since = when(input.disabledAt, input.timeZone);
  const intro = `The ${input.env} webhook endpoint ${input.url} of ${input.gameName} was disabled automatically after ${input.failures} failed deliveries in a row, on ${since}.`;
  const paused = "Its events are kept: pending deliveries are paused and are sent once you re-enable the endpoint.";
  const action = "Fix the receiver, then re-enable the endpoint on the webhooks page:";
  const text = [intro, "", paused, "", action, input.link, ""].join("\n");
  const html = [
    `<!doctype html><html lang="en"><body style="font-family:sans-serif;color:#222">`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p>${escapeHtml(paused)}</p>`,
    `<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:10px 16px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">Open the webhooks page</a></p>`,
    `<p style="font-size:12px;color:#555">Or paste this link in your browser: ${escapeHtml(input.link)}</p>`,
    `</body></html>`,
  ].join("\n");
  const subject = `Webhook endpoint disabled: ${input.gameName} (${input.env})`.replace(/[\r\n]+/g, " ");
  return { to: input.to, fromName: "Gamecoin", subject, text, html };
}
