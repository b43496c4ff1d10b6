"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * A horizontal scroll box for wide tables. While its content is wider than the box (a phone), it is a
 * tab stop with a name, so keyboard users can scroll it with the arrow keys (WCAG 2.1.1; axe
 * scrollable-region-focusable); when everything fits it adds no tab stop.
 */
export function ScrollBox({ label, children }: { label?: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={box}
      className="overflow-x-auto focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400"
      {...(scrolls ? { tabIndex: 0, role: "region", "aria-label": label ?? "Scrollable table" } : {})}
    >
      {children}
    </div>
  );
}
