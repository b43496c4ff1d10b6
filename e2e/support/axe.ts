import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import path from "node:path";
import { E2E_DIR } from "./env";

/**
 * Waits for the page's finite CSS transitions and animations to end (at most 2 s). A button that has
 * just become enabled fades from its disabled colours for 150 ms, and axe measuring contrast mid-way
 * reports colours no one reads; spinners and skeletons (infinite) are left running.
 */
async function settleTransitions(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.race([Promise.allSettled(finite.map((a) => a.finished)), new Promise((resolve) => setTimeout(resolve, 2_000))]);
  });
}

/**
 * axe-core over the whole page (WCAG 2.0/2.1/2.2 A and AA rules): the test fails on any serious or
 * critical violation, listing each rule with the first nodes it hit so the failure says what to fix.
 */
export async function expectNoSeriousAxeViolations(page: Page, label = page.url()): Promise<void> {
  await settleTransitions(page);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join("\n    ")}`);
  expect(report, `axe on ${label}`).toEqual([]);
}

/**
 * Saves a screenshot as e2e/screenshots/<name>.png (CI lists them): the full page, or only the viewport
 * for pages too long to capture in one go (the API reference is tens of thousands of pixels tall).
 */
export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await page.screenshot({ path: path.join(E2E_DIR, "screenshots", `${name}.png`), fullPage: options.fullPage ?? true });
}

/** No horizontal overflow; on failure, names the elements that stick out past the viewport's right edge. */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { overflow, culprits } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const describe = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.getAttribute("data-testid") ? `[data-testid=${el.getAttribute("data-testid")}]` : ""}.${[...el.classList].slice(0, 4).join(".")} (right ${Math.round(el.getBoundingClientRect().right)})`;
    const wide = [...document.querySelectorAll("body *")].filter((el) => el.getBoundingClientRect().right > width + 1);
    // The innermost ones say what to fix; their ancestors are only wide because of them.
    const innermost = wide.filter((el) => !wide.some((other) => other !== el && el.contains(other)));
    return { overflow: document.documentElement.scrollWidth - width, culprits: innermost.slice(0, 5).map(describe) };
  });
  expect(overflow, `horizontal overflow on ${page.url()}: ${culprits.join("; ")}`).toBeLessThanOrEqual(0);
}
export const PHONE_VIEWPORT = { width: 390, height: 844 } as const;

/**
 * Every list row fits the viewport: no table cell of the page's main content ends past the right edge
 * (a cell inside a box that scrolls sideways does), so a row's amount, status and actions are on screen
 * on a phone. On failure, names the first cells that stick out with their column's header.
 */
export async function expectListsFit(page: Page): Promise<void> {
  const outside = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll("main td")]
      .filter((cell) => {
        const box = cell.getBoundingClientRect();
        return box.width > 0 && (box.right > width + 1 || box.left < -1);
      })
      .slice(0, 5)
      .map((cell) => {
        const table = cell.closest("table");
        const index = [...(cell.parentElement?.children ?? [])].indexOf(cell);
        const header = table?.querySelectorAll("thead th")[index]?.textContent?.trim() ?? "?";
        return `${header || "(actions)"}: "${(cell.textContent ?? "").trim().slice(0, 30)}" (right ${Math.round(cell.getBoundingClientRect().right)})`;
      });
  });
  expect(outside, `list cells outside the viewport on ${page.url()}`).toEqual([]);
}
