import fs from "node:fs";
import path from "node:path";

// The domains' code as the layer tests read it (tests/unit/domain-layers.test.ts: the imports
// between domains; tests/unit/model-owners.test.ts: the Prisma calls): one walk, so both judge the
// same files. Tests are left out: a domain's test may set the scene through another domain.

export const root = path.resolve(import.meta.dirname, "../..");
export const modelsDir = path.join(root, "app/models");

export type ModelSource = {
  /** The first folder under app/models/ ("orders"). */
  domain: string;
  /** Absolute path. */
  file: string;
  text: string;
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** Every .ts and .tsx file under app/models/ but the tests, with its domain and its text. */
export function modelSources(): ModelSource[] {
  return sourceFiles(modelsDir).map((file) => ({
    domain: path.relative(modelsDir, file).split(path.sep)[0]!,
    file,
    text: fs.readFileSync(file, "utf8"),
  }));
}
