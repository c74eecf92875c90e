import { createContext, useContext } from "react";

import { useNonce } from "~/web/nonce";

/** The taka sign's and the language link's faces, made on the server (entry.server.tsx); never set in the browser. */
export const SmallFacesContext = createContext<{ script: string; css: string } | null>(null);

/**
 * Early in the head: a script that adds the two small faces before the first
 * layout, and the same faces as a stylesheet when JavaScript is off
 * (web/small-faces.server.ts, decision 117). The browser renders both empty
 * and, with suppressHydrationWarning, React keeps the server's content, as
 * StructuredData does: the font bytes stay out of the page's JavaScript.
 */
export function SmallFaces() {
  const faces = useContext(SmallFacesContext);
  const nonce = useNonce();
  return (
    <>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: faces?.script ?? "" }} />
      <noscript suppressHydrationWarning dangerouslySetInnerHTML={{ __html: faces ? `<style>${faces.css}</style>` : "" }} />
    </>
  );
}
