"use client";

import { useState } from "react";
import { Button } from "./primitives";

/**
 * Server-side paging with opaque cursors: the server only knows "after this id", so going back
 * replays the cursors of the pages already seen.
 */
export function useCursorPages() {
  const [stack, setStack] = useState<(string | undefined)[]>([undefined]);
  return {
    cursor: stack[stack.length - 1],
    page: stack.length,
    next: (cursor: string) => setStack((s) => [...s, cursor]),
    previous: () => setStack((s) => (s.length > 1 ? s.slice(0, -1) : s)),
    reset: () => setStack([undefined]),
  };
}

export function CursorPager({ pages, nextCursor, busy }: { pages: ReturnType<typeof useCursorPages>; nextCursor: string | null | undefined; busy?: boolean }) {
  if (pages.page === 1 && !nextCursor) return null;
  return (
    <div className="flex items-center justify-between border-t border-slate-100 pt-3 text-sm text-slate-600">
      <span>Page {pages.page}</span>
      <div className="flex gap-2">
        <Button tone="secondary" onClick={pages.previous} disabled={pages.page === 1 || busy} data-testid="page-previous">
          Previous
        </Button>
        <Button tone="secondary" onClick={() => nextCursor && pages.next(nextCursor)} disabled={!nextCursor || busy} data-testid="page-next">
          Next
        </Button>
      </div>
    </div>
  );
}
