// Two instances on one database: a session, a cart, an uploaded image and a
// logout made on one are honoured by the other (issue 13, "two instances", #6).
import sharp from "sharp";

import { assert, jsonHeaders, request } from "./support.mjs";

const cookieOf = (r) => [r.headers["set-cookie"]].flat()[0].split(";")[0];

export default async function twoInstances(ctx) {
  const [a, b] = await Promise.all([ctx.startShop(0, "instance-a"), ctx.startShop(1, "instance-b")]);
  const productId = await ctx.createProduct([{ size: "M", quantity: 10 }]);
  const email = `two-${Date.now()}@example.com`;

  // A session made on A is a session on B.
  const registered = await request(`${a.url}/api/users`, {
    method: "POST",
    headers: jsonHeaders,
    body: JSON.stringify({ name: "Two Instances", email, password: "cotton-kurta-77" }),
  });
  assert.equal(registered.status, 201, registered.text);
  await ctx.sql(`UPDATE "User" SET "isAdmin" = true WHERE email = $1`, [email]);
  const signedIn = await request(`${a.url}/api/users/auth`, {
    method: "POST",
    headers: jsonHeaders,
    body: JSON.stringify({ email, password: "cotton-kurta-77" }),
  });
  assert.equal(signedIn.status, 200, signedIn.text);
  let cookie = cookieOf(signedIn);
  const profile = await request(`${b.url}/api/users/profile`, { headers: { Cookie: cookie } });
  assert.equal(profile.status, 200, `B does not know A's session: ${profile.text}`);
  assert.equal(profile.json().email, email);

  // A cart filled on A is shown by B.
  const added = await request(`${a.url}/product/${productId}`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "addToCart", productId: String(productId), size: "M", qty: "2" }).toString(),
  });
  assert.equal(added.status, 302, `add to cart on A: ${added.status}`);
  cookie = cookieOf(added);
  const [{ name }] = await ctx.sql(`SELECT name FROM "Product" WHERE id = $1`, [productId]);
  const cart = await request(`${b.url}/cart`, { headers: { Cookie: cookie } });
  assert.equal(cart.status, 200);
  assert.ok(cart.text.includes(name), "B's cart page does not show the line added on A");

  // An image uploaded to A is served by B.
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#9a3412" } })
    .png()
    .toBuffer();
  const boundary = "chaos-boundary";
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const uploaded = await request(`${a.url}/api/upload`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": `multipart/form-data; boundary=${boundary}`, "Content-Length": String(body.length) },
    body,
  });
  assert.equal(uploaded.status, 201, `upload on A: ${uploaded.text}`);
  const image = await request(`${b.url}${uploaded.json().image}`);
  assert.equal(image.status, 200, `B does not serve A's upload ${uploaded.json().image}`);
  assert.match(image.headers["content-type"], /^image\//);

  // A logout on A ends the session on B too.
  const out = await request(`${a.url}/api/users/logout`, { method: "POST", headers: { Cookie: cookie } });
  assert.equal(out.status, 200);
  const replayed = await request(`${b.url}/api/users/profile`, { headers: { Cookie: cookie } });
  assert.equal(replayed.status, 401, "B still honours a session logged out on A");
  const page = await request(`${b.url}/profile`, { headers: { Cookie: cookie } });
  assert.equal(page.status, 302, "B's pages still honour a session logged out on A");
}
