import { useEffect, useState } from "react";

/**
 * False during the server render and the first client render, true after
 * hydration: for swapping a no-JavaScript fallback for its scripted version
 * without a hydration mismatch.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
