import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";

export type DownloadedFile = { filename: string; text: string };

/** Starts a download with `start` (a click or a key press) and reads the saved file back as UTF-8 text. */
export async function downloadOf(page: Page, start: () => Promise<void>): Promise<DownloadedFile> {
  const [download] = await Promise.all([page.waitForEvent("download"), start()]);
  const failure = await download.failure();
  if (failure) throw new Error(`download ${download.suggestedFilename()} failed: ${failure}`);
  return { filename: download.suggestedFilename(), text: await readFile(await download.path(), "utf8") };
}

/** A dashboard CSV: the byte order mark (spreadsheets read UTF-8 by it), then CRLF-terminated lines. */
export function csvLines(text: string): string[] {
  if (!text.startsWith("\uFEFF")) throw new Error(`the CSV has no byte order mark: ${JSON.stringify(text.slice(0, 40))}`);
  if (!text.endsWith("\r\n")) throw new Error("the CSV's last line is not CRLF-terminated");
  return text.slice(1, -2).split("\r\n");
}
