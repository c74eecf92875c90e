import { expect, test } from "@playwright/test";

import { admin, guardChecks } from "../support/admin-api";
import { createTestCategory, createTestProduct, uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";

// Categories and footer pages as admins write them, their validation, one 401
// and one 403 per resource, and the odd public calls (products:
// catalogue-admin.spec.ts).

test.describe("categories", () => {
  test("GET lists by id and gets one; unknown and non-numeric are 404", async ({ request }) => {
    const c = await createTestCategory();
    const list = await request.get("/api/categories");
    expect(list.status()).toBe(200);
    expect(list.headers()["cache-control"]).toBe("public, max-age=5");
    const all = await list.json();
    expect(all[0]).toEqual({ id: 1, name: expect.any(String), nameBn: null });
    expect(all.map((x: { id: number }) => x.id)).toEqual([...all.map((x: { id: number }) => x.id)].sort((a, b) => a - b));
    expect(all).toContainEqual({ id: c.id, name: c.name, nameBn: null });
    expect(await (await request.get(`/api/categories/${c.id}`)).json()).toEqual({ id: c.id, name: c.name, nameBn: null });
    for (const id of ["99999999", "abc"]) {
      const res = await request.get(`/api/categories/${id}`);
      expect(res.status()).toBe(404);
      expect(await res.json()).toEqual({ message: "Category not found" });
    }
  });

  test("POST and PUT (admin): 201, duplicate names 400, categoryId ignored", async ({ request }) => {
    const name = `Lungi ${uniqueTag()}`;
    await guardChecks(request, "post", "/api/categories", { name });
    const headers = await admin();
    const created = await request.post("/api/categories", { headers, data: { name } });
    expect(created.status()).toBe(201);
    const c = await created.json();
    expect(c).toEqual({ id: expect.any(Number), name, nameBn: null });

    const dup = await request.post("/api/categories", { headers, data: { name: name.toUpperCase() } });
    expect(dup.status()).toBe(400);
    expect((await dup.json()).message).toBe("Category already exists");
    expect((await request.post("/api/categories", { headers, data: { name: "  " } })).status()).toBe(400);

    const other = await createTestCategory();
    await guardChecks(request, "put", `/api/categories/${c.id}`, { name: "x" });
    const renamed = await request.put(`/api/categories/${c.id}`, { headers, data: { categoryId: other.id, name: `${name} Deluxe` } });
    expect(renamed.status()).toBe(200);
    expect(await renamed.json()).toEqual({ id: c.id, name: `${name} Deluxe`, nameBn: null });
    expect((await prisma.category.findUniqueOrThrow({ where: { id: other.id } })).name).toBe(other.name);
    const clash = await request.put(`/api/categories/${c.id}`, { headers, data: { name: other.name } });
    expect(clash.status()).toBe(400);
    expect((await request.put("/api/categories/99999999", { headers, data: { name: "Nope" } })).status()).toBe(404);
  });

  test("DELETE (admin) moves products to category 1 and removes its discounts; category 1 stays", async ({ request }) => {
    const c = await createTestCategory();
    const p = await createTestProduct({ categoryId: c.id });
    const d = await prisma.discount.create({ data: { categoryId: c.id, percentage: 15 } });
    await guardChecks(request, "delete", `/api/categories/${c.id}`);
    const headers = await admin();
    const res = await request.delete(`/api/categories/${c.id}`, { headers });
    expect(res.status()).toBe(200);
    expect((await res.json()).message).toBeTruthy();
    expect((await prisma.product.findUniqueOrThrow({ where: { id: p.id } })).categoryId).toBe(1);
    expect(await prisma.discount.findUnique({ where: { id: d.id } })).toBeNull();
    expect((await request.get(`/api/categories/${c.id}`)).status()).toBe(404);

    const one = await request.delete("/api/categories/1", { headers });
    expect(one.status()).toBe(400);
    expect((await one.json()).message).toBe("Cannot delete the default category");
    expect((await request.get("/api/categories/1")).status()).toBe(200);
  });
});

test.describe("footer pages", () => {
  test("CRUD (admin) with sanitized descriptions; title required; 404s", async ({ request }) => {
    await guardChecks(request, "post", "/api/footer", { title: "x", description: "" });
    const headers = await admin();
    const created = await request.post("/api/footer", {
      headers,
      data: { title: "Delivery", description: '<h2>Times</h2><p>2–3 days<img src=x onerror="alert(1)"></p><script>alert(1)</script>' },
    });
    expect(created.status()).toBe(201);
    const page = await created.json();
    expect(page).toEqual({ id: expect.any(Number), title: "Delivery", titleBn: null, description: "<h2>Times</h2><p>2–3 days</p>", descriptionBn: null });

    const list = await request.get("/api/footer");
    expect(list.headers()["cache-control"]).toBe("public, max-age=5");
    expect(await list.json()).toContainEqual(page);
    expect(await (await request.get(`/api/footer/${page.id}`)).json()).toEqual(page);

    const noTitle = await request.post("/api/footer", { headers, data: { description: "<p>x</p>" } });
    expect(noTitle.status()).toBe(400);
    expect((await noTitle.json()).errors.title).toBeTruthy();

    await guardChecks(request, "put", `/api/footer/${page.id}`, { title: "x" });
    const updated = await request.put(`/api/footer/${page.id}`, {
      headers,
      data: { title: "Delivery times", description: '<p><a href="javascript:alert(1)">bad</a> <a href="https://x.example">ok</a></p>' },
    });
    expect(updated.status()).toBe(200);
    expect(await updated.json()).toEqual({
      id: page.id,
      title: "Delivery times",
      description: '<p><a>bad</a> <a href="https://x.example" rel="noopener noreferrer">ok</a></p>',
      titleBn: null,
      descriptionBn: null,
    });

    await guardChecks(request, "delete", `/api/footer/${page.id}`);
    expect((await request.delete(`/api/footer/${page.id}`, { headers })).status()).toBe(200);
    for (const id of [String(page.id), "abc"]) {
      const res = await request.get(`/api/footer/${id}`);
      expect(res.status()).toBe(404);
      expect(await res.json()).toEqual({ message: "Footer page not found" });
    }
    expect((await request.put(`/api/footer/${page.id}`, { headers, data: { title: "x" } })).status()).toBe(404);
  });
});

test.describe("other calls", () => {
  test("GET /api/config/paypal answers the client id or null", async ({ request }) => {
    const res = await request.get("/api/config/paypal");
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({ clientId: process.env.PAYPAL_CLIENT_ID ?? null });
  });

  test("unsupported methods are 405 JSON", async ({ request }) => {
    const headers = await admin();
    const calls: [string, string][] = [
      ["PATCH", "/api/products"],
      ["POST", "/api/products/top"],
      ["POST", "/api/products/1"],
      ["GET", "/api/products/1/reviews"],
      ["DELETE", "/api/products/category/1"],
      ["PUT", "/api/categories"],
      ["POST", "/api/categories/1"],
      ["DELETE", "/api/footer"],
      ["POST", "/api/config/paypal"],
    ];
    for (const [method, url] of calls) {
      const res = await request.fetch(url, { method, headers });
      expect(res.status(), `${method} ${url}`).toBe(405);
      expect((await res.json()).message).toBe("Method not allowed");
    }
  });
});
