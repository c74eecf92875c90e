// After `remix build`: re-cut the browser build into fewer, larger files
// (issue 42, decision 083). The classic compiler's esbuild puts each module in
// the chunk of the exact set of route files that reach it, and nobody may
// configure it; the home page hydrated from 21 files (+ its locale), nine of
// them under 1.5 KB, each paying a request, its headers and its own gzip
// tables. Rollup re-bundles esbuild's output (already minified ES modules):
// - "framework": the library code every page loads (React, React DOM, Remix);
//   it changes only with an upgrade, so it stays a file of its own;
// - "shell": the shop's own modules that the entry or the root reach, which
//   every page loads anyway (header, footer, i18n, price, card…);
// - the rest as rollup cuts it, with chunks under MIN_CHUNK merged into one
//   that is loaded in similar conditions.
// The route and entry files keep their exports (Remix imports them by URL);
// the browser manifest and the server build's copy of it are rewritten to
// the new URLs. Running it twice is harmless (it re-cuts its own output).
//
// It also writes a Brotli copy (quality 11) of every script and stylesheet for server.js.
//
//   npx remix build && node scripts/merge-chunks.mjs     (npm run build does both)
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

import { rollup } from "rollup";

const PUBLIC_PATH = "/build/";
const MIN_CHUNK = 6_000; // bytes of minified code: below it a chunk costs more in its request than it saves
const TINY = 1_024; // a chunk this small goes into the shell when nothing else is always loaded with it
// Chromium's explicit compile hint (V8, Chrome 136): a file that starts with this comment is compiled
// whole on a background thread as it streams in, instead of function by function on the main thread
// when each is first called. A script here is fetched when its page starts and hydrates it at once, so
// most of its functions run on load (decision 120). Not the locale dictionaries: strings, no code.
const COMPILE_HINT = "//# allFunctionsCalledOnLoad";
const DICTIONARY = /^(en|bn)$/;
// esbuild writes every non-ASCII letter as an escape: a Bengali letter (or the danda, U+0964) is
// `\u09A8`, six bytes, where UTF-8 takes three. The Bangla dictionary was 100 KB of them, 11.3 KB
// in Brotli; as text it is 59 KB and 10.5 KB (decision 121). Only Bengali escapes after an even
// number of backslashes (none, or escaped ones) become letters: the same character wherever
// they stand (string, template, regular expression, comment); a served script is UTF-8.
const BENGALI_ESCAPE = /(?<!\\)((?:\\\\)*)\\u(09[89A-F][0-9A-F]|096[45])/gi;
const bengaliAsText = (code) => code.replace(BENGALI_ESCAPE, (_, slashes, hex) => slashes + String.fromCharCode(parseInt(hex, 16)));

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

/** Where the build is, as server.js and remix.config.js read BUILD_DIR. */
function locations(buildDir = process.env.BUILD_DIR) {
  const server = buildDir ? path.resolve(root, buildDir) : path.join(root, "build");
  return { serverBuild: path.join(server, "index.js"), assets: buildDir ? path.join(server, "assets") : path.join(root, "public", "build") };
}

const listJs = (dir) =>
  fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".js") && !f.startsWith("_assets"));

export async function mergeChunks({ buildDir, quiet = false } = {}) {
  const { serverBuild, assets } = locations(buildDir);
  const manifestFile = listJs(assets).find((f) => /^manifest-[\w]+\.js$/.test(f));
  if (!manifestFile) throw new Error(`merge-chunks: no manifest-*.js in ${assets}; run remix build first`);
  const manifest = JSON.parse(
    fs
      .readFileSync(path.join(assets, manifestFile), "utf8")
      .replace(/^window\.__remixManifest=/, "")
      .replace(/;\s*$/, ""),
  );
  const fileOf = (url) => path.join(assets, url.slice(PUBLIC_PATH.length));
  const urlOf = (file) => PUBLIC_PATH + path.relative(assets, file).split(path.sep).join("/");
  const before = listJs(assets).filter((f) => f !== manifestFile);

  // Entries: the client entry and every route file, named as they were without their hash.
  const entryUrls = [manifest.entry.module, ...new Set(Object.values(manifest.routes).map((r) => r.module))];
  const input = Object.fromEntries(entryUrls.map((u) => [u.slice(PUBLIC_PATH.length).replace(/-[\w]+\.js$/, ""), fileOf(u)]));

  // What every page loads: the entry's and the root's static imports, all the way down.
  const always = new Set();
  const importsOf = (file) =>
    [...fs.readFileSync(file, "utf8").matchAll(/(?:^|[;}\s])import\s*(?:[\w*{}\s,$]+from\s*)?"(\/build\/[^"]+)"/g)].map((m) => fileOf(m[1]));
  const walk = (file) => {
    for (const dep of importsOf(file))
      if (!always.has(dep)) {
        always.add(dep);
        walk(dep);
      }
  };
  walk(fileOf(manifest.entry.module));
  walk(fileOf(manifest.routes.root.module));
  // Library code: a chunk of node_modules (or esbuild's helpers) alone, by esbuild's own account.
  const metafile = path.join(path.dirname(serverBuild), "metafile.js.json");
  const outputs = fs.existsSync(metafile) ? JSON.parse(fs.readFileSync(metafile, "utf8")).outputs : {};
  const inputsOf = (file) => {
    const o = Object.entries(outputs).find(([k]) => path.resolve(root, k) === file)?.[1];
    return o
      ? Object.entries(o.inputs)
          .filter(([, v]) => v.bytesInOutput > 0)
          .map(([k]) => k)
      : null;
  };
  const isFramework = (file) => inputsOf(file)?.every((i) => i.startsWith("node_modules/")) ?? false;

  // A small chunk outside the shell joins the chunk that is loaded with it on every storefront page
  // that loads it (the one on the fewest other pages, then the largest). No shop page gets a request
  // more; a few get a few KB they did not need, and the back office may get more.
  const entryFiles = Object.values(input);
  const closureOf = (file, acc = new Set()) => {
    for (const dep of importsOf(file))
      if (!acc.has(dep)) {
        acc.add(dep);
        closureOf(dep, acc);
      }
    return acc;
  };
  const usedBy = new Map();
  for (const e of entryFiles) for (const dep of closureOf(e)) usedBy.set(dep, [...(usedBy.get(dep) ?? []), e]);
  // Only the storefront's pages are weighed: the back office may load a few KB it does not need.
  const backOffice = new Set(
    Object.values(manifest.routes)
      .filter((r) => r.id.startsWith("routes/admin"))
      .map((r) => fileOf(r.module)),
  );
  const pagesOf = (f) => {
    const all = usedBy.get(f);
    const shop = all.filter((e) => !backOffice.has(e));
    return shop.length ? shop : all;
  };
  const size = (f) => fs.statSync(f).size;
  const group = new Map();
  const tiny = new Set(); // under TINY and on no page with a bigger companion: into the shell
  const groupOf = (f) => (group.has(f) ? groupOf(group.get(f)) : f);
  const shared = [...usedBy.keys()].filter((f) => !always.has(f) && !entryFiles.includes(f));
  // What a group brings with it: every chunk its members import, all the way down. A page that
  // loads the target loads those too once they are merged, so they must be on that page already:
  // the review form's FormErrors once joined a chunk whose other members imported zod, and the
  // product page downloaded zod (60 KB raw) for nothing (decision 098).
  const bringsAlong = (f) => {
    const deps = new Set();
    for (const m of [...usedBy.keys()].filter((m) => groupOf(m) === f)) for (const d of closureOf(m)) deps.add(d);
    return deps;
  };
  const carries = (t, deps) => {
    const pages = pagesOf(t);
    return [...deps].every((d) => groupOf(d) === groupOf(t) || always.has(d) || pages.every((e) => usedBy.get(d).includes(e)));
  };
  for (const small of shared.filter((f) => size(f) < MIN_CHUNK).sort((a, b) => size(a) - size(b))) {
    const mine = pagesOf(small);
    const deps = bringsAlong(small);
    const target = shared
      .filter((t) => groupOf(t) !== small && mine.every((e) => usedBy.get(t).includes(e)) && carries(t, deps))
      .sort((a, b) => pagesOf(a).length - pagesOf(b).length || size(b) - size(a))[0];
    if (target) group.set(small, target);
    else if (size(small) < TINY) tiny.add(small);
  }
  const chunkName = (f) => path.basename(f, ".js"); // unique, as file names are
  const byName = new Map(shared.map((f) => [chunkName(f), f]));

  const hadMaps = before.some((f) => fs.existsSync(path.join(assets, `${f}.map`)));
  const outputOptions = {
    format: "es",
    compact: true,
    sourcemap: hadMaps,
    banner: (chunk) => (DICTIONARY.test(chunk.name.split("-")[0]) ? "" : COMPILE_HINT),
    entryFileNames: "[name]-[hash].js",
    chunkFileNames: (c) => `_shared/${c.name.split("-")[0]}-[hash].js`, // "chunk-NNATMYNK" → chunk-<new hash>
    manualChunks(id) {
      if (entryFiles.includes(id)) return undefined;
      if (always.has(id) || tiny.has(id)) return isFramework(id) ? "framework" : "shell";
      return usedBy.has(id) ? chunkName(groupOf(id)) : undefined;
    },
  };
  // Two chunks that import each other evaluate in an order nobody chose: a merge that makes such a
  // cycle is undone and the bundle cut again.
  let bundle;
  for (let attempt = 1; ; attempt++) {
    const cycles = [];
    bundle = await rollup({
      input,
      preserveEntrySignatures: "strict",
      onwarn(w, warn) {
        if (w.code === "CIRCULAR_DEPENDENCY") return;
        if (/^Circular chunk/.test(w.message)) return void cycles.push(w.message);
        warn(w);
      },
      plugins: [
        {
          name: "remix-build-urls",
          resolveId: (spec) => (spec.startsWith(PUBLIC_PATH) ? fileOf(spec) : null),
          load(id) {
            const map = `${id}.map`;
            const code = fs.readFileSync(id, "utf8").replace(/\n\/\/# sourceMappingURL=.*$/, "");
            // With a source map the escapes stay: its columns count them.
            if (fs.existsSync(map)) return { code, map: fs.readFileSync(map, "utf8") };
            return { code: bengaliAsText(code), map: null };
          },
        },
      ],
    });
    await bundle.generate(outputOptions);
    if (!cycles.length) break;
    if (attempt === 5) throw new Error(`merge-chunks: ${cycles.join("; ")}`);
    const names = new Set(
      cycles.flatMap((m) =>
        m
          .replace(/^[^:]*:/, "")
          .split(/\s*->\s*|\.\s/)
          .map((n) => n.trim()),
      ),
    );
    for (const [small] of group) if (names.has(chunkName(groupOf(small)))) group.delete(small);
    for (const n of names) if (byName.has(n)) tiny.delete(byName.get(n));
    await bundle.close();
  }
  const out = fs.mkdtempSync(path.join(path.dirname(assets), ".merge-"));
  const { output } = await bundle.write({ ...outputOptions, dir: out });
  await bundle.close();

  // The new URLs, and each entry's static imports all the way down (what Remix preloads).
  const chunks = new Map(output.filter((o) => o.type === "chunk").map((c) => [c.fileName, c]));
  const newUrl = new Map();
  for (const c of chunks.values()) if (c.isEntry) newUrl.set(urlOf(c.facadeModuleId), PUBLIC_PATH + c.fileName);
  const closure = (fileName, acc = new Set()) => {
    for (const dep of chunks.get(fileName).imports)
      if (!acc.has(dep)) {
        acc.add(dep);
        closure(dep, acc);
      }
    return acc;
  };
  const importsFor = (url) => [...closure(newUrl.get(url).slice(PUBLIC_PATH.length))].map((f) => PUBLIC_PATH + f);

  const entryImports = importsFor(manifest.entry.module);
  const routes = {};
  for (const [id, r] of Object.entries(manifest.routes)) routes[id] = { ...r, module: newUrl.get(r.module), imports: importsFor(r.module) };
  // As Remix's own manifest: a route does not list what its parents or the entry already preload.
  const done = new Map();
  const optimise = (id) => {
    if (done.has(id)) return done.get(id);
    const r = routes[id];
    const parents = r.parentId ? [...entryImports, ...optimise(r.parentId)] : entryImports;
    const own = (r.imports ?? []).filter((u) => !parents.includes(u));
    r.imports = own.length ? own : undefined;
    done.set(id, own);
    return own;
  };
  Object.keys(routes).forEach(optimise);
  const next = { entry: { module: newUrl.get(manifest.entry.module), imports: entryImports }, routes };
  const version = crypto.createHash("sha256").update(JSON.stringify(next)).digest("hex").slice(0, 8);
  const final = { ...next, version, url: `${PUBLIC_PATH}manifest-${version.toUpperCase()}.js` };

  // Swap the files: old scripts out, new in, then the manifests.
  for (const f of [...before, manifestFile]) {
    fs.rmSync(path.join(assets, f), { force: true });
    fs.rmSync(path.join(assets, `${f}.map`), { force: true });
    fs.rmSync(path.join(assets, `${f}.br`), { force: true });
  }
  for (const f of fs.readdirSync(out, { recursive: true }).map(String)) {
    const from = path.join(out, f);
    if (fs.statSync(from).isDirectory()) continue;
    fs.mkdirSync(path.dirname(path.join(assets, f)), { recursive: true });
    fs.renameSync(from, path.join(assets, f));
  }
  fs.rmSync(out, { recursive: true, force: true });
  fs.writeFileSync(path.join(assets, `manifest-${version.toUpperCase()}.js`), `window.__remixManifest=${JSON.stringify(final)};`);
  const server = fs.readFileSync(serverBuild, "utf8");
  const line = /^var assets_manifest_default = .*;$/m;
  if (!line.test(server)) throw new Error(`merge-chunks: no assets manifest in ${serverBuild}`);
  fs.writeFileSync(
    serverBuild,
    server.replace(line, () => `var assets_manifest_default = ${JSON.stringify(final)};`),
  );

  // Brotli at its best, once, for server/precompressed.js (quality 4 per request otherwise).
  for (const f of fs.readdirSync(assets, { recursive: true }).map(String)) {
    if (!/\.(js|css)$/.test(f)) continue;
    const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: fs.statSync(path.join(assets, f)).size };
    fs.writeFileSync(path.join(assets, `${f}.br`), zlib.brotliCompressSync(fs.readFileSync(path.join(assets, f)), { params }));
  }

  if (!quiet) {
    const home = new Set([final.entry.module, ...entryImports, routes.root.module, ...(routes.root.imports ?? []), routes["routes/_index"].module]);
    for (const u of routes["routes/_index"].imports ?? []) home.add(u);
    console.log(`merge-chunks: ${before.length} → ${chunks.size} scripts; the home page hydrates from ${home.size} (its locale chunk aside)`);
  }
  return final;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  mergeChunks().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
