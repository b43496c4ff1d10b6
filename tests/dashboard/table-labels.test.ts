import { readFileSync } from "node:fs";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { columnLabels, MAX_LABELLED_COLUMNS, textOf } from "@/components/ui/table";

describe("the phone labels of a list's columns", () => {
  it("are the header texts, nested elements included, as CSS strings; empty headers get none", () => {
    const head = ["Order", createElement("span", { className: "block text-right" }, "Amount"), "", createElement("span", { className: "sr-only" }, "Actions"), 'Say "hi"'];
    expect(textOf(head[1])).toBe("Amount");
    expect(columnLabels(head)).toEqual({ "--col-1": '"Order"', "--col-2": '"Amount"', "--col-4": '"Actions"', "--col-5": '"Say \\"hi\\""' });
  });

  it("stop at ten columns, the number the stylesheet labels", () => {
    const head = Array.from({ length: 12 }, (_, i) => `C${i + 1}`);
    expect(Object.keys(columnLabels(head))).toEqual(Array.from({ length: 10 }, (_, i) => `--col-${i + 1}`));
    const css = readFileSync(new URL("../../app/globals.css", import.meta.url), "utf8");
    const shown = [...css.matchAll(/td:nth-child\((\d+)\)::before \{\s*content: var\(--col-(\d+), ""\);/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(shown).toEqual(Array.from({ length: MAX_LABELLED_COLUMNS }, (_, i) => [i + 1, i + 1]));
  });
});
