import type { ComponentProps, ReactElement } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";

/**
 * Markdown of the document and the guides, rendered on the server (no client JavaScript). Tables and
 * code scroll inside their own box, so a phone never scrolls the whole page sideways.
 */
const components: Components = {
  p: (props) => <p className="my-2 leading-relaxed" {...props} />,
  ul: (props) => <ul className="my-2 list-disc space-y-1 pl-5" {...props} />,
  ol: (props) => <ol className="my-2 list-decimal space-y-1 pl-5" {...props} />,
  a: (props) => <a className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900" {...props} />,
  // Scrolling boxes take the focus, so a keyboard can scroll them too.
  pre: (props) => <pre tabIndex={0} className="my-3 overflow-x-auto rounded-md bg-slate-900 p-3 text-xs leading-relaxed text-slate-100" {...props} />,
  code: ({ className, ...props }: ComponentProps<"code">) =>
    className?.startsWith("language-") ? (
      <code className={className} {...props} />
    ) : (
      <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] break-words text-slate-800" {...props} />
    ),
  table: (props) => (
    <div tabIndex={0} className="my-3 overflow-x-auto rounded-md border border-slate-200">
      <table className="w-full border-collapse text-left text-sm" {...props} />
    </div>
  ),
  th: (props) => <th scope="col" className="border-b border-slate-200 bg-slate-50 px-3 py-2 font-semibold text-slate-800" {...props} />,
  td: (props) => <td className="border-t border-slate-100 px-3 py-2 align-top" {...props} />,
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
