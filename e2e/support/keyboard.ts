import type { Locator, Page } from "@playwright/test";

/** Presses Tab until `target` has the focus: the way a keyboard user reaches it. */
export async function tabTo(page: Page, target: Locator, maxPresses = 80): Promise<void> {
  for (let i = 0; i < maxPresses; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/**
 * Presses Escape in a dialog or menu that has just opened, once it has taken the focus. Radix
 * registers its Escape listener in the same effect pass that moves the focus in, after the content is
 * on screen: a key pressed as soon as the content shows can reach the page before the layer listens
 * (CI once saw the publish dialog stay open that way). A person cannot press that fast; the test waits
 * as they would.
 */
export async function pressEscapeInOpened(page: Page, layer: Locator): Promise<void> {
  await layer.locator(":focus").or(layer.and(page.locator(":focus"))).first().waitFor();
  await page.keyboard.press("Escape");
}
