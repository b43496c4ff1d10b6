/**
 * Staff through the front door: sign-in sets the `__Host-` session cookie (Secure, because PUBLIC_URL
 * is https), next-auth's own URLs are the public ones, and one dashboard task (inviting a member) works
 * through nginx: its link, shown and e-mailed through the instances' SMTP server, starts with PUBLIC_URL.
 */
import { expect, test } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "../support/axe";
import { signInAs } from "../support/dashboard";
import { laneFacts, PUBLIC_URL } from "./support/env";
import { frontDoor } from "./support/front-door";
import { mailsTo } from "../support/mailbox";

test("staff sign-in: the session cookie is __Host- and Secure; next-auth answers with public URLs", async ({ page, context }) => {
  await signInAs(page, "owner", PUBLIC_URL);
  await expectNoSeriousAxeViolations(page, "dashboard");
  const session = (await context.cookies(PUBLIC_URL)).filter((cookie) => cookie.name.includes("session-token"));
  expect(session.map(({ name, secure, httpOnly, path, sameSite, domain }) => ({ name, secure, httpOnly, path, sameSite, domain }))).toEqual([
    { name: "__Host-next-auth.session-token", secure: true, httpOnly: true, path: "/", sameSite: "Lax", domain: "pay.gamecoin.test" },
  ]);

  const providers = await frontDoor("/api/auth/providers");
  expect(providers.status).toBe(200);
  expect(JSON.parse(providers.text)).toEqual({
    credentials: {
      id: "credentials",
      name: "Email and password",
      type: "credentials",
      signinUrl: `${PUBLIC_URL}/api/auth/signin/credentials`,
      callbackUrl: `${PUBLIC_URL}/api/auth/callback/credentials`,
    },
  });
});

test("a dashboard task through nginx: the invitation link shown and mailed starts with PUBLIC_URL", async ({ page, browser }) => {
  await signInAs(page, "owner", PUBLIC_URL);
  await page.goto("/members");
  await expect(page.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
  await expectNoSeriousAxeViolations(page, "members");
  const email = `deployed-${Date.now()}@e2e.test`;
  await page.getByTestId("invite-email").fill(email);
  await page.getByTestId("invite-role").selectOption("viewer");
  await page.getByTestId("invite-submit").click();
  await expect(page.getByTestId("invite-mail-status")).toContainText(email);
  const link = (await page.getByTestId("invite-link").textContent()) ?? "";
  expect(link).toMatch(new RegExp(`^${PUBLIC_URL.replace(/\./g, "\\.")}/invite/inv_[A-Za-z0-9_-]+$`));

  await expect.poll(() => mailsTo(laneFacts().mailDir, email).length).toBe(1);
  const mail = mailsTo(laneFacts().mailDir, email)[0] ?? "";
  const mailedLinks = [...new Set(mail.match(/https?:\/\/[^\s"<>]+\/invite\/[A-Za-z0-9_-]+/g) ?? [])];
  expect(mailedLinks).toEqual([link]);

  // The link opens the invitation page through the front door.
  const invitee = await browser.newContext();
  const invitation = await invitee.newPage();
  await invitation.goto(link);
  await expect(invitation.locator("h1")).toHaveText("Join your team");
  await expectNoSeriousAxeViolations(invitation, "invitation");
  await invitee.close();
});
