// The bench's processes and shoppers: a server started as a child, the
// demo shopper's sign-in, a cart got by Add To Cart, the PostgreSQL server's
// process and version (bench/run.mjs).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

/** Starts a node server as a child process and resolves once it listens. */
export function startNode(args, env, port, { echo = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" } });
    let out = "";
    const timer = setTimeout(() => reject(new Error(`${args.join(" ")} did not start:\n${out}`)), 60_000);
    const onData = (d) => {
      out += d;
      if (/listening/i.test(out)) {
        clearTimeout(timer);
        resolve({ pid: child.pid, port, child, stop: () => stopChild(child) });
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (d) => {
      out += d;
      if (echo) process.stderr.write(d);
    });
    child.on("exit", (code) => reject(new Error(`${args.join(" ")} exited (${code}):\n${out}`)));
  });
}

export function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners("exit");
    child.once("exit", resolve);
    child.kill("SIGTERM");
  });
}

export async function getJson(port, p) {
  const res = await fetch(`http://127.0.0.1:${port}${p}`);
  return { status: res.status, body: await res.json() };
}

/** The demo shopper's session cookie, got the way a browser gets it: the sign-in form (scripts/start.mjs lists the account). */
export async function signedInShopper(port) {
  const res = await fetch(`http://127.0.0.1:${port}/login`, {
    method: "POST",
    body: new URLSearchParams({ email: "shopper@example.com", password: "shopper12345" }),
    redirect: "manual",
  });
  const cookie = res.headers.get("set-cookie")?.split(";")[0];
  if (res.status !== 302 || !cookie) throw new Error(`signing in failed (${res.status}): the signed-in rows would measure a guest`);
  return cookie;
}

/** A shopper's session cookie (a guest's, or `session`'s) with one line in the cart, got the way a browser gets it: Add To Cart. */
export async function shopperWithCart(port, productId, session = null) {
  const { body } = await getJson(port, `/api/products/${productId}`);
  const size = body.sizes.find((s) => s.quantity > 0)?.size;
  const res = await fetch(`http://127.0.0.1:${port}/product/${productId}`, {
    method: "POST",
    body: new URLSearchParams({ intent: "addToCart", productId: String(productId), size, qty: "1" }),
    headers: session ? { cookie: session } : {},
    redirect: "manual",
  });
  const cookie = res.headers.get("set-cookie")?.split(";")[0];
  if (res.status !== 302 || !cookie) throw new Error(`adding to the cart failed (${res.status}): the cookie rows would measure an anonymous page`);
  return cookie;
}

/** The PostgreSQL server's main process, when it runs on this machine (its backends' CPU is measured). */
export async function postmasterOf(url) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Read while this backend still exists: its parent is the postmaster.
    const { rows } = await client.query("SELECT pg_backend_pid() AS pid");
    return Number(fs.readFileSync(`/proc/${rows[0].pid}/stat`, "utf8").split(") ")[1].split(" ")[1]);
  } catch {
    return 0;
  } finally {
    await client.end();
  }
}

export async function pgVersionOf(url) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query("SHOW server_version");
  await client.end();
  return `PostgreSQL ${rows[0].server_version}`;
}
