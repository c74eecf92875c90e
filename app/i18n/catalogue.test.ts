import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import pageBn from "~/locales/bn";
import pageEn from "~/locales/en";

import { resources } from "./i18n.server";

// The server's catalogues: the pages' and the e-mails' wording (i18n.server.ts).
const { en, bn } = resources;

// The catalogues are the only place shopper-facing text lives (issue 20).
// A key in one language and not the other would show a raw key, or English,
// to a reader of the other; a key the code asks for that no catalogue has
// would show the key itself.

function keysOf(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("message catalogues", () => {
  it("English and Bangla have the same keys", () => {
    const english = keysOf(en.translation).sort();
    const bangla = keysOf(bn.translation).sort();
    expect(
      bangla.filter((k) => !english.includes(k)),
      "only in Bangla",
    ).toEqual([]);
    expect(
      english.filter((k) => !bangla.includes(k)),
      "only in English",
    ).toEqual([]);
    expect(Object.keys(bn.messages).sort()).toEqual(Object.keys(en.messages).sort());
  });

  it("no Bangla text is left empty or in English", () => {
    const flat = (o: unknown, p = ""): [string, string][] =>
      typeof o === "object" && o !== null ? Object.entries(o).flatMap(([k, v]) => flat(v, p ? `${p}.${k}` : k)) : [[p, String(o)]];
    const english = new Map(flat(en.translation));
    const untranslated = flat(bn.translation).filter(([key, text]) => {
      if (text.trim() === "") return true;
      // Texts that are the same in both (a brand, a sign, a placeholder such as "TB-…") carry no Latin words.
      return text === english.get(key) && /[A-Za-z]{3,}/.test(text.replace(/\{\{[^}]*\}\}|<\/?\w+>|TanaBana|TB-\S*/g, ""));
    });
    expect(untranslated).toEqual([]);
  });

  it("every key the code asks for exists", () => {
    const english = new Set(keysOf(en.translation));
    const known = (key: string) => english.has(key) || english.has(`${key}_one`) || english.has(`${key}_other`);
    const missing: string[] = [];
    for (const file of sourceFiles(join(__dirname, ".."))) {
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(/\b(?:t|i18nKey=)\(?\s*["'`]((?:common|catalogue|product|cart|checkout|order|account|mail)\.[\w.]+)["'`]/g)) {
        if (!known(match[1])) missing.push(`${file.replace(/.*\/app\//, "app/")}: ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("the browser's catalogue is the pages' own: the e-mails' wording stays on the server", () => {
    expect(Object.keys(pageEn.translation)).not.toContain("mail");
    expect(Object.keys(pageBn.translation)).not.toContain("mail");
    // A mail key asked for by code a browser runs would show as the raw key once the page hydrates.
    const inBrowserCode = sourceFiles(join(__dirname, ".."))
      .filter((file) => !/\.server\.tsx?$/.test(file))
      .filter((file) => /\b(?:t|i18nKey=)\(?\s*["'`]mail\./.test(readFileSync(file, "utf8")));
    expect(inBrowserCode).toEqual([]);
  });
});
