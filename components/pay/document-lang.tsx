"use client";

import { useEffect } from "react";

/**
 * The root layout writes `<html lang="en">` for every page; the hosted pages speak the buyer's
 * language, so the document's language follows it once the page runs (the shell's `lang` attribute
 * already marks the content for browsers without scripts).
 */
export function DocumentLang({ lang }: { lang: string }) {
  useEffect(() => {
    const root = document.documentElement;
    const before = root.lang;
    root.lang = lang;
    return () => {
      root.lang = before;
    };
  }, [lang]);
  return null;
}
