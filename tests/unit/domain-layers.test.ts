import fs from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { modelSources, modelsDir as models, root } from "../support/model-sources";

// The layers are drawn from the imports of app/models/ (issue 39): an import between two domains
// says which one sits above, so no chain of them may run back to where it started. Tests are left
// out: a domain's test may set the scene through an upper domain's face. Where a lower domain needs
// an answer only an upper one has (mail: what an order message says; customers: a buyer's courier
// record), it declares the shape in its types.ts and the upper one lends it through
// app/domain-links.server.ts (decision 116).

/** The domain folder an import lands in, or null outside app/models. */
function domainOf(specifier: string, file: string): string | null {
  if (specifier.startsWith("~/models/")) return specifier.split("/")[2] ?? null;
  if (!specifier.startsWith(".")) return null;
  const inModels = path.relative(models, path.resolve(path.dirname(file), specifier));
  return inModels.startsWith("..") ? null : inModels.split(path.sep)[0]!;
}

/** Domain → the domains its files import (static, re-export, dynamic and type imports alike), with the files that do. */
function importGraph() {
  const graph = new Map<string, Map<string, string[]>>();
  for (const domain of fs.readdirSync(models, { withFileTypes: true }).filter((e) => e.isDirectory())) graph.set(domain.name, new Map());
  for (const { domain, file, text } of modelSources()) {
    const edges = graph.get(domain);
    if (!edges) continue; // a file directly under app/models belongs to no domain
    for (const [, specifier] of text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+)["']/g)) {
      const other = domainOf(specifier!, file);
      if (other && other !== domain) edges.set(other, [...(edges.get(other) ?? []), path.relative(root, file)]);
    }
  }
  return graph;
}

/** Every elementary cycle once, written from its alphabetically first domain: "a → b → a". */
function cyclesOf(graph: Map<string, Iterable<string>>): string[] {
  const found: string[] = [];
  const walk = (start: string, trail: string[]) => {
    for (const next of graph.get(trail.at(-1)!) ?? []) {
      if (next === start) found.push([...trail, start].join(" → "));
      else if (next > start && !trail.includes(next)) walk(start, [...trail, next]);
    }
  };
  for (const domain of [...graph.keys()].sort()) walk(domain, [domain]);
  return found.sort();
}

describe("domain layers", () => {
  it("finds each cycle once, however long", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["a", "c"]],
      ["c", ["a", "d"]],
      ["d", []],
    ]);
    expect(cyclesOf(graph)).toEqual(["a → b → a", "a → b → c → a"]);
  });

  it("reads the imports: platform and sms, the bottom, import no domain; orders imports the catalogue", () => {
    const graph = importGraph();
    expect([...graph.get("platform")!.keys()]).toEqual([]);
    expect([...graph.get("sms")!.keys()]).toEqual([]);
    expect(graph.get("orders")!.has("catalogue")).toBe(true);
  });

  it("no import runs back up between domains", () => {
    const graph = importGraph();
    const cycles = cyclesOf(new Map([...graph].map(([domain, edges]) => [domain, [...edges.keys()]] as const)));
    // A new cycle names the files behind each of its steps, so the import to move is plain.
    const why = cycles
      .map((cycle) => {
        const steps = cycle.split(" → ");
        return `${cycle}:\n${steps
          .slice(1)
          .map((to, i) => `  ${steps[i]} → ${to}: ${[...new Set(graph.get(steps[i]!)!.get(to))].join(", ")}`)
          .join("\n")}`;
      })
      .join("\n");
    expect(cycles, why).toEqual([]);
  });
});
