/**
 * Staff password reset by e-mail in a real browser against the built app, with a real SMTP server:
 * "Forgot password?" on the sign-in page, the same answer for a known and an unknown e-mail, the link
 * read from the mail, a new password set, the new password signs in, a session opened before is signed
 * out, and the link does not work twice. Keyboard only on both forms; axe on every page of the flow.
 *
 * The run's app has no SMTP server, so this spec starts one and a second instance of the built app on
 * the run's database (SETUP_APP_PORT) that mails through it. Uses its own fixture account
 * (reset@e2e.test in e2e/fixtures/e2e.json), whose password it changes.
 */
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { startAppServer, type AppServer } from "./support/app-server";
import { expectNoSeriousAxeViolations, saveScreenshot } from "./support/axe";
import { e2eDatabaseUrl, FIXTURE, ROOT_DIR, SETUP_APP_PORT } from "./support/env";
import { tabTo } from "./support/keyboard";
import { startMailbox, type Mailbox } from "./support/mailbox";

const ACCOUNT = FIXTURE.staff.reset;
const NEW_PASSWORD = "e2e password after reset";

let mailbox: Mailbox;
let app: AppServer;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  mailbox = await startMailbox();
  app = await startAppServer({
    databaseUrl: e2eDatabaseUrl(),
    logDir: path.join(ROOT_DIR, "test-results"),
    port: SETUP_APP_PORT,
    env: { SMTP_URL: mailbox.url },
  });
});

test.afterAll(async () => {
  await app?.stop();
  await mailbox?.close();
});

/** The reset link of the last mail to `to`, once it arrived. */
async function resetLinkFor(to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      const mail = mailbox.mails.filter((m) => m.to.includes(to)).at(-1);
      link = mail ? /(http:\/\/localhost:\d+\/reset-password\/pwr_[A-Za-z0-9_-]+)/.exec(mail.text)?.[1] : undefined;
      return link;
    }, { timeout: 10_000 })
    .toBeDefined();
  return link as string;
}

/** Asks for a link with the keyboard only, starting on the sign-in page; the answer's text, the address blanked. */
async function askForLink(page: Page, email: string): Promise<string> {
  await page.goto(`${app.url}/login`);
  const forgot = page.getByRole("link", { name: "Forgot password?" });
  await tabTo(page, forgot);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${app.url}/forgot-password`);
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await expectNoSeriousAxeViolations(page, "/forgot-password");
  await tabTo(page, page.getByLabel("E-mail"));
  await page.keyboard.type(email);
  await page.keyboard.press("Enter");
  const answer = page.getByRole("status").filter({ hasText: "we have sent it a link" });
  await expect(answer).toContainText(`If an account uses ${email}, we have sent it a link to choose a new password. The link works once, for 30 minutes.`);
  // The form is gone: the focus moved to the answer, so it is read out.
  await expect(answer).toBeFocused();
  return ((await answer.textContent()) ?? "").replace(email, "<e-mail>");
}

async function signIn(page: Page, password: string): Promise<void> {
  await page.goto(`${app.url}/login`);
  await page.getByLabel("E-mail").fill(ACCOUNT.email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

async function withPage<T>(browser: Browser, work: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ baseURL: app.url });
  try {
    return await work(await context.newPage());
  } finally {
    await context.close();
  }
}

test("forgot password: a mailed link sets a new password, signs out the old session, and works once", async ({ browser }) => {
  test.setTimeout(120_000);
  // A session opened before the reset, in its own browser.
  const before = await browser.newContext({ baseURL: app.url });
  const oldSession = await before.newPage();
  await signIn(oldSession, ACCOUNT.password);
  await expect(oldSession).toHaveURL(`${app.url}/dashboard`);

  await withPage(browser, async (page) => {
    // An unknown e-mail gets the very same answer, and no mail.
    const unknownAnswer = await askForLink(page, "nobody@e2e.test");
    await expectNoSeriousAxeViolations(page, "/forgot-password (answer)");

    expect(await askForLink(page, ACCOUNT.email)).toBe(unknownAnswer);
    await saveScreenshot(page, "forgot-password-sent");
    const link = await resetLinkFor(ACCOUNT.email);
    expect(mailbox.mails.filter((m) => m.to.includes("nobody@e2e.test"))).toEqual([]);
    expect(link.startsWith(`${app.url}/reset-password/`)).toBe(true);

    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await expect(page.getByLabel("E-mail")).toHaveValue(ACCOUNT.email);
    await expectNoSeriousAxeViolations(page, "/reset-password/<token>");
    await saveScreenshot(page, "reset-password");

    // Too short first: the field says why, nothing changes.
    await tabTo(page, page.getByLabel("New password"));
    await page.keyboard.type("short");
    await page.keyboard.press("Enter");
    await expect(page.getByText("At least 10 characters", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(link);

    await page.getByLabel("New password").fill("");
    await tabTo(page, page.getByLabel("New password"));
    await page.keyboard.type(NEW_PASSWORD);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`${app.url}/login?reset=1`);
    await expect(page.getByRole("status").filter({ hasText: "Your password was changed" })).toBeVisible();
    // And the member is told by e-mail.
    await expect.poll(() => mailbox.mails.some((m) => m.to.includes(ACCOUNT.email) && m.text.includes("Subject: Your Gamecoin password was changed")), { timeout: 10_000 }).toBe(true);
    await expectNoSeriousAxeViolations(page, "/login?reset=1");

    // The old password no longer signs in; the new one does.
    await signIn(page, ACCOUNT.password);
    await expect(page.locator("form").getByRole("alert")).toHaveText("Wrong e-mail or password.");
    await signIn(page, NEW_PASSWORD);
    await expect(page).toHaveURL(`${app.url}/dashboard`);

    // The link worked once.
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Reset link not valid" })).toBeVisible();
    await expectNoSeriousAxeViolations(page, "/reset-password/<used token>");
  });

  // The session from before the reset is signed out at its next page.
  await oldSession.goto(`${app.url}/dashboard`);
  await expect(oldSession).toHaveURL(/\/login(\?|$)/);
  await before.close();
});
