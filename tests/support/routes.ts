import fs from "node:fs";
import path from "node:path";

import { UNSAFE_defineRoutes, UNSAFE_flatRoutes } from "@remix-run/dev";

import config from "../../remix.config.js";

// The app's route manifest, built the way Remix builds it (the route files
// under app/routes plus remix.config.js's `routes`), so a test that must
// cover every route of a kind reads the list instead of keeping a copy.

export type ManifestRoute = {
  id: string;
  /** The full URL pattern, e.g. "/admin/order/:id" ("*" for a splat). */
  pattern: string;
  file: string;
  /** Whether the module exports an action (it answers POST and the other writes). */
  hasAction: boolean;
};

type Entry = { id: string; path?: string; parentId?: string; file: string };

const appDir = path.resolve("app");

const ACTION_EXPORT = /export\s+(?:async\s+)?function\s+action\b|export\s+const\s+action\b|export\s*\{[^}]*\baction\b/;

export async function routeManifest(): Promise<ManifestRoute[]> {
  const files = UNSAFE_flatRoutes(appDir, config.ignoredRouteFiles) as Record<string, Entry>;
  const defined = config.routes ? ((await config.routes(UNSAFE_defineRoutes)) as Record<string, Entry>) : {};
  const all: Record<string, Entry> = { ...files, ...defined };
  const fullPath = (entry: Entry): string => {
    const parent = entry.parentId && entry.parentId !== "root" ? all[entry.parentId] : undefined;
    const own = entry.path ?? "";
    const before = parent ? fullPath(parent) : "";
    return [before, own].filter(Boolean).join("/");
  };
  return Object.values(all).map((entry) => ({
    id: entry.id,
    pattern: `/${fullPath(entry)}`,
    file: entry.file,
    hasAction: ACTION_EXPORT.test(fs.readFileSync(path.join(appDir, entry.file), "utf8")),
  }));
}

/** The route a concrete path is served by: the matching pattern with the most static segments (a splat last). */
export function routeFor(routes: ManifestRoute[], urlPath: string): ManifestRoute | undefined {
  const segments = urlPath.split("?")[0]!.split("/").filter(Boolean);
  const score = (route: ManifestRoute) => {
    const parts = route.pattern.split("/").filter(Boolean);
    let statics = 0;
    for (const [i, part] of parts.entries()) {
      if (part === "*") return statics;
      const seg = segments[i];
      if (seg === undefined) return -1;
      if (part.startsWith(":")) continue;
      if (part !== seg) return -1;
      statics += 10;
    }
    return parts.length === segments.length ? statics + 1 : -1;
  };
  const ranked = routes.map((route) => ({ route, score: score(route) })).filter((r) => r.score >= 0);
  ranked.sort((a, b) => b.score - a.score);
  return ranked[0]?.route;
}
