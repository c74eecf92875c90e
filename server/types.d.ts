// Types that server.js and server/*.js share. The server is plain JavaScript
// that Node runs as it is (no build step, no loader), checked by the app's
// own `tsc` run through JSDoc comments that import these (docs/decisions/058).
import type { ServerBuild } from "@remix-run/node";

import type * as Entry from "../app/entry.server";
import type { Template } from "../app/page-holes/fill.server";

/** What the app's entry module (app/entry.server.tsx) hands the server, besides rendering. */
export type AppEntry = typeof Entry;

/** The compiled app (build/index.js): Remix's build, with the entry's exports typed. */
export type AppBuild = ServerBuild & { entry: { module: AppEntry } };

/** The app's functions the page cache fills a cached page's holes with (app/page-holes). */
export type Holes = Pick<AppEntry, "readShopper" | "isAnonymous" | "compileTemplate" | "fillTemplate">;

/** A page kept by server/page-cache.js. */
export type CacheEntry = {
  /** Kept headers, lower-case names. */
  headers: Record<string, string>;
  /** The body, and the same compressed once for each encoding (null when too small to bother). */
  identity: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  /** What the page shows (product:7, catalogue…), for purges. */
  tags: Set<string>;
  bornAt: number;
  /** The page cut into parts and holes, made on first use; null when it cannot be. */
  template?: Template | null;
};

/** X-Cache: how the page cache answered. */
export type CacheState = "HIT" | "STALE" | "MISS";
