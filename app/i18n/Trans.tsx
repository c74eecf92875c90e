import { cloneElement, Fragment, useContext, type ReactElement, type ReactNode } from "react";

import { I18nContext } from "./instance";
import { interpolate, type TFunction } from "./translate";

/**
 * A text with markup from the catalogue: "Showing results for <b>{{term}}</b>"
 * with components={{ b: <strong /> }} renders the <strong> around the term.
 * The tags come from the catalogue only: the template is split into tags
 * first and the values are filled into the text afterwards, so a value that
 * holds "<" (a search term) is shown as typed, never read as markup. A tag's
 * text in the catalogue replaces the component's own children.
 */
export function Trans({
  i18nKey,
  values,
  components = {},
  t: givenT,
}: {
  i18nKey: string;
  values?: Record<string, unknown>;
  components?: Record<string, ReactElement>;
  /** The translate function to use outside a page (e-mails); a page's comes from context. */
  t?: TFunction;
}) {
  const fromContext = useContext(I18nContext);
  const t = givenT ?? fromContext?.t;
  if (!t) throw new Error("Trans needs a translate function: an I18nProvider or a t prop");
  // Looked up without values (so that nothing is filled in yet), but with count/context if given.
  const lookupOptions = values && ("count" in values || "context" in values) ? { count: values.count as number, context: values.context as string } : undefined;
  const template = t(i18nKey, lookupOptions);
  return <>{render(template, values, components)}</>;
}

const TAG = /<(\/?)([a-zA-Z][\w-]*)\s*(\/?)>/g;

function render(template: string, values: Record<string, unknown> | undefined, components: Record<string, ReactElement>): ReactNode[] {
  // A tree of the template's tags: [text | {name, children}].
  type Node = string | { name: string; children: Node[] };
  const root: Node[] = [];
  const stack: { name: string; children: Node[] }[] = [];
  const current = () => stack.at(-1)?.children ?? root;
  let last = 0;
  for (const m of template.matchAll(TAG)) {
    const [whole, closing, name, selfClosing] = m;
    if (!(name in components)) continue; // not a tag the caller gave: stays text
    if (m.index > last) current().push(template.slice(last, m.index));
    last = m.index + whole.length;
    if (selfClosing) current().push({ name, children: [] });
    else if (!closing) {
      const node = { name, children: [] as Node[] };
      current().push(node);
      stack.push(node);
    } else if (stack.at(-1)?.name === name) stack.pop();
  }
  if (last < template.length) current().push(template.slice(last));
  const toReact = (nodes: Node[]): ReactNode[] =>
    nodes.map((node, i) => {
      if (typeof node === "string") return <Fragment key={i}>{interpolate(node, values)}</Fragment>;
      const element = components[node.name];
      return node.children.length ? cloneElement(element, { key: i }, ...toReact(node.children)) : cloneElement(element, { key: i });
    });
  return toReact(root);
}
