import { createContext, useContext } from "react";

/** The page's JSON-LD, serialized on the server (entry.server.tsx); never set in the browser. */
export const StructuredDataContext = createContext<string | null>(null);

/**
 * The document's one `<script type="application/ld+json">`. The server writes
 * the loaders' structured data into it; the browser renders it empty and, with
 * suppressHydrationWarning, React keeps the server's content instead of
 * comparing it. After a client-side navigation it still holds the first
 * page's data, which nobody reads: crawlers load each URL on its own.
 */
export function StructuredData() {
  const json = useContext(StructuredDataContext);
  return <script type="application/ld+json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json ?? "" }} />;
}
