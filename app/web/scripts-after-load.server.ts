/**
 * Starts the page's JavaScript after the page has loaded, not before (issue
 * 29, decision 059). Remix writes a `<link rel="modulepreload">` for every
 * chunk the page hydrates with and a module script that imports them; on a
 * phone over mobile data those ~30 requests (about 100 KB) share the first
 * second with the stylesheet, the fonts and the hero picture, and hold back
 * the first paint and the largest one. The page works without JavaScript
 * (every link and form is plain HTML), so nothing is lost by hydrating once
 * the pictures are in.
 *
 * And not before the page's first contentful paint either (decision 120): on a
 * busy phone the load event can come before the first paint (every picture in,
 * the first layout still running), and scripts fetched then compete with it;
 * Lighthouse's simulation then counts the whole framework in the first paint.
 * A browser without paint timing starts them on `load`.
 *
 * The document keeps the same elements, so React hydrates it as rendered:
 * the preload links carry `rel="x-modulepreload"` (inert) until the page's
 * `load` event, and the module script becomes a classic script that then
 * turns them back into modulepreloads, evaluates the chunks one task at a
 * time, and imports the route modules with `import()`, running Remix's own
 * boot code unchanged after them.
 */

const PRELOAD = /<link rel="modulepreload" href="/g;
const BOOT = /<script([^>]*?) type="module" async="">([\s\S]*?)<\/script>/;
// The boot script's leading static imports: `import * as route0 from "/build/root-….js";`.
const LEADING_IMPORT = /^\s*;?\s*import\s+(?:\*\s+as\s+(\w+)\s+from\s+)?("[^"\n]+");?/;

export const LATE_PRELOAD_REL = "x-modulepreload";

/** The page's HTML with its scripts started on `load`; unchanged when it is not the shape Remix writes. */
export function scriptsAfterLoad(html: string): string {
  const boot = BOOT.exec(html);
  if (!boot) return html;
  const [whole, attributes, body] = boot;
  let rest = body;
  const modules: { name: string | undefined; url: string }[] = [];
  for (let m = LEADING_IMPORT.exec(rest); m; m = LEADING_IMPORT.exec(rest)) {
    modules.push({ name: m[1], url: m[2] });
    rest = rest.slice(m[0].length);
  }
  // Anything else static in the rest (an import in the middle) would not survive being put in a function.
  if (modules.length === 0 || /^\s*import\s[^(]/m.test(rest)) return html;
  const names = modules.map((m, i) => m.name ?? `_unused${i}`);
  // The entry module hydrates as soon as it runs, so it is left to Remix's own code at the end.
  const entry = /import\(("[^"\n]+")\);\s*$/.exec(rest)?.[1];
  if (!entry) return html;
  // Each preloaded chunk is evaluated in a task of its own (a macrotask between two), so that a
  // phone's CPU gets to paint and answer taps between them instead of one long evaluation.
  const loader =
    `(function(){function go(){` +
    `var links=[].slice.call(document.querySelectorAll('link[rel="${LATE_PRELOAD_REL}"]'));` +
    `links.forEach(function(l){l.rel="modulepreload"});` +
    `var each=links.map(function(l){return l.getAttribute("href")}).filter(function(h){return h!==${entry}});` +
    `(function next(i){if(i<each.length)import(each[i]).then(function(){setTimeout(next,0,i+1)},boot);else boot()})(0)}` +
    `function boot(){Promise.all([${modules.map((m) => `import(${m.url})`).join(",")}]).then(function(m){` +
    `var ${names.map((n, i) => `${n}=m[${i}]`).join(",")};${rest}\n})}` +
    `function painted(){var fcp="first-contentful-paint",done=false;function once(){if(!done){done=true;go()}}` +
    `if(!window.PerformanceObserver||(PerformanceObserver.supportedEntryTypes||[]).indexOf("paint")<0||performance.getEntriesByName(fcp).length)return once();` +
    `var o=new PerformanceObserver(function(list){if(list.getEntriesByName(fcp).length){o.disconnect();once()}});o.observe({type:"paint",buffered:true})}` +
    `if(document.readyState==="complete")painted();else addEventListener("load",painted,{once:true})})();`;
  const start = boot.index;
  return (
    html.slice(0, start).replace(PRELOAD, `<link rel="${LATE_PRELOAD_REL}" href="`) +
    `<script${attributes}>${loader}</script>` +
    html.slice(start + whole.length).replace(PRELOAD, `<link rel="${LATE_PRELOAD_REL}" href="`)
  );
}
