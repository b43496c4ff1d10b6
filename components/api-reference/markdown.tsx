import type { ComponentProps, ReactElement } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";

/**
 * Markdown of the document and the guides, rendered on the server (no client JavaScript). Tables and
 * code scroll inside their own box, so a phone never scrolls the whole page sideways.
 */
type HastNode = { type: string; value?: string; children?: HastNode[] };

function textLength(node: HastNode): number {
  return (node.value?.length ?? 0) + (node.children ?? []).reduce((sum, child) => sum + textLength(child), 0);
}

const components: Components = {
  p: ({ node: _node, ...props }) => <p className="my-2 leading-relaxed" {...props} />,
  ul: ({ node: _node, ...props }) => <ul className="my-2 list-disc space-y-1 pl-5" {...props} />,
  ol: ({ node: _node, ...props }) => <ol className="my-2 list-decimal space-y-1 pl-5" {...props} />,
  a: ({ node: _node, ...props }) => <a className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900" {...props} />,
  // Scrolling boxes take the focus, so a keyboard can scroll them too.
  pre: ({ node: _node, ...props }) => <pre tabIndex={0} className="my-3 overflow-x-auto rounded-md bg-slate-900 p-3 text-xs leading-relaxed text-slate-100" {...props} />,
  code: ({ node: _node, className, ...props }: ComponentProps<"code"> & { node?: unknown }) =>
    className?.startsWith("language-") ? (
      <code className={className} {...props} />
    ) : (
      <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] break-words text-slate-800" {...props} />
    ),
  table: ({ node: _node, ...props }) => (
    <div tabIndex={0} className="my-3 overflow-x-auto rounded-md border border-slate-200">
      <table className="w-full border-collapse text-left text-sm" {...props} />
    </div>
  ),
  th: ({ node: _node, ...props }) => <th scope="col" className="border-b border-slate-200 bg-slate-50 px-3 py-2 font-semibold text-slate-800" {...props} />,
  // A long cell keeps a readable width on a phone: the table scrolls in its box rather than squeezing it.
  td: ({ node, ...props }) => (
    <td className={`border-t border-slate-100 px-3 py-2 align-top ${node && textLength(node) > 60 ? "min-w-[14rem]" : ""}`} {...props} />
  ),
};

const plugins = [remarkGfm];

/**
 * The document and the guides are the same on every request, so each text is parsed once per process:
 * react-markdown is a synchronous function of its text, and the element tree it returns can be reused.
 */
const parsed = new Map<string, ReactElement>();
const MAX_CACHED = 500;

function parse(text: string): ReactElement {
  let tree = parsed.get(text);
  if (!tree) {
    tree = ReactMarkdown({ children: text, remarkPlugins: plugins, components });
    if (parsed.size < MAX_CACHED) parsed.set(text, tree);
  }
  return tree;
}

export function Markdown({ children, className }: { children: string; className?: string }) {
  return <div className={className ?? "text-sm text-slate-700"}>{parse(children)}</div>;
}
