import fs from "node:fs";
import path from "node:path";

import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// One face per domain (issue 39, decision 090): another domain's files are reached only through
// its index.server.ts or types.ts, and ESLint refuses the rest, test files included.
const root = path.resolve(import.meta.dirname, "../..");
const models = path.join(root, "app/models");
const domains = fs
  .readdirSync(models, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const files = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));

describe("domain faces", () => {
  it("no file under app/models imports another domain's private file", () => {
    const reaching: string[] = [];
    for (const domain of domains) {
      for (const file of files(path.join(models, domain))) {
        const text = fs.readFileSync(file, "utf8");
        for (const [, other, rest] of text.matchAll(/from ["'](?:~\/models\/|\.\.\/(?:\.\.\/)?)(\w+)\/([^"']+)["']/g)) {
          if (other !== domain && domains.includes(other!) && !["index.server", "types"].includes(rest!))
            reaching.push(`${path.relative(root, file)} → ${other}/${rest}`);
        }
      }
    }
    expect(reaching).toEqual([]);
  });

  it("ESLint refuses a test file that reaches into another domain, and allows its face", async () => {
    const eslint = new ESLint({ cwd: root });
    const filePath = path.join(models, "catalogue", "probe.test.ts");
    const [bad] = await eslint.lintText('import { cancelOrder } from "../orders/order-ops.server";\nexport const probe = cancelOrder;\n', { filePath });
    expect(bad!.messages.map((m) => m.ruleId)).toContain("no-restricted-imports");
    const [good] = await eslint.lintText('import { cancelOrder } from "~/models/orders/index.server";\nexport const probe = cancelOrder;\n', { filePath });
    expect(good!.messages.filter((m) => m.ruleId === "no-restricted-imports")).toEqual([]);
  });
});
