// The build's scripts and stylesheets as Brotli at its best quality, written
// once by the build (scripts/merge-chunks.mjs writes `<file>.br` beside each)
// instead of quality 4 on every request (issue 42, decision 083): React's
// chunk is 82 KB gzip, 72 KB this way, and a phone downloads it on its first
// visit. A browser that takes no Brotli, or a file without a `.br`, falls
// through to compression + express.static as before.
import fs from "node:fs";
import path from "node:path";

/** @type {Record<string, string>} */
const TYPES = { ".js": "application/javascript; charset=UTF-8", ".css": "text/css; charset=UTF-8" };

/**
 * @param {string} dir the build's assets directory, served at the mount point
 * @param {(res: import("express").Response) => void} setHeaders the headers every asset gets
 * @returns {import("express").RequestHandler}
 */
export function precompressedAssets(dir, setHeaders) {
  const root = path.resolve(dir);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const type = TYPES[path.extname(req.path)];
    if (!type || !/\bbr\b/.test(String(req.headers["accept-encoding"] ?? ""))) return next();
    let file;
    try {
      file = path.resolve(root, `.${decodeURIComponent(req.path)}`);
    } catch {
      return next(); // a malformed escape: express.static answers it
    }
    if (!file.startsWith(root + path.sep)) return next();
    fs.stat(`${file}.br`, (error, stat) => {
      if (error || !stat.isFile()) return next();
      res.setHeader("Content-Type", type);
      res.setHeader("Content-Encoding", "br");
      res.setHeader("Content-Length", stat.size);
      res.setHeader("Vary", "Accept-Encoding");
      setHeaders(res);
      if (req.method === "HEAD") return res.end();
      fs.createReadStream(`${file}.br`).on("error", next).pipe(res);
    });
  };
}
