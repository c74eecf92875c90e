import fs from "node:fs";

/**
 * Which Chromium the browser tests drive: CHROMIUM_PATH, else Debian's
 * /usr/bin/chromium, else Playwright's own download (if someone installed it).
 * Browser downloads are impossible on our machines (docs/stack.md).
 */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((p): p is string => Boolean(p && fs.existsSync(p)));
}

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
