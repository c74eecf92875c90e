import fs from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

// The README is what a newcomer reads first (issue 39 item 5): one or two screenfuls, and
// every link in it and in docs/ leads somewhere that exists.
const root = path.resolve(import.meta.dirname, "../..");
const markdown = [
  "README.md",
  ...fs
    .readdirSync(path.join(root, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

function relativeLinks(file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), "utf8");
  const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
  return links.filter((link) => !/^[a-z]+:/i.test(link) && !link.startsWith("#"));
}

describe("the README and docs/", () => {
  it("keep the README to 150 lines or fewer", () => {
    const lines = fs.readFileSync(path.join(root, "README.md"), "utf8").trimEnd().split("\n").length;
    expect(lines).toBeLessThanOrEqual(150);
  });

  it.each(markdown)("%s links only to files that exist", (file) => {
    const missing = relativeLinks(file).filter((link) => !fs.existsSync(path.resolve(path.dirname(path.join(root, file)), link.split("#")[0]!)));
    expect(missing).toEqual([]);
  });
});
