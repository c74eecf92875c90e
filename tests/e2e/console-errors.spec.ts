import { expect, test, type Page } from "../support/fixtures";

import { createUser, signIn } from "../support/auth";
import { createTestProduct } from "../support/catalogue";
import { prisma } from "../support/db";
import { storefrontPageTypes, visitorFor } from "../support/page-types";
import { setCookie } from "../support/shop";

// Issue 28 item 15: no page logs an error to the console or throws. Every
// browser test asserts it (tests/support/fixtures.ts); these make sure the
// pages that once did, and the Bangla and not-found pages, are visited with
// their scripts running to the end.

/** The scripts ran: React has claimed the page and the network has gone quiet. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => Object.keys(document.querySelector("main") ?? {}).some((k) => k.startsWith("__reactFiber")));
  await page.waitForLoadState("networkidle");
}

test("saving the profile twice throws nothing in the page", async ({ page, context, baseURL, javaScriptEnabled }) => {
  const user = await createUser();
  await signIn(context, baseURL!, user);
  await page.goto("/profile");
  if (javaScriptEnabled) await hydrated(page);
  for (const name of ["Rina Akter", "Rina Akter Chowdhury"]) {
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByText("Profile updated successfully")).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  }
  // The first save's toast may still show when the second is pressed: wait for the second save itself.
  await expect.poll(async () => (await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).name).toBe("Rina Akter Chowdhury");
});

test.describe("pages run their scripts without an error", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "scripts only run with JavaScript on");

  test("every storefront page in Bangla", async ({ page, context, baseURL }) => {
    test.setTimeout(120_000);
    for (const type of await storefrontPageTypes()) {
      const { cookie, path } = await visitorFor(baseURL!, type);
      if (cookie) await setCookie(context, baseURL!, cookie);
      else await context.clearCookies();
      expect((await page.goto(`/bn${path === "/" ? "" : path}`))?.status(), path).toBe(200);
      await hydrated(page);
    }
  });

  test("not-found pages, for a visitor and a signed-in shopper", async ({ page, context, baseURL }) => {
    const product = await createTestProduct();
    await prisma.product.update({ where: { id: product.id }, data: { status: "draft" } });
    const paths = ["/product/999999", `/product/${product.id}`, "/category/999999", "/footer-info/999999", "/no-such-page", "/bn/product/999999"];
    for (const signedIn of [false, true]) {
      await context.clearCookies();
      if (signedIn) await signIn(context, baseURL!, await createUser());
      for (const path of paths) {
        expect((await page.goto(path))?.status(), path).toBe(404);
        await hydrated(page);
        // Hydrated pages answer the search box: it is a live form, not dead HTML.
        await expect(page.getByRole("combobox", { name: /Search products|পণ্য খুঁজুন/ }).first()).toBeVisible();
      }
    }
  });
});

// The guard itself: a page error fails the test that met it.
test("a console error fails the test that met it", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the page logs with a script");
  test.fail(true, "the fixture must fail this test");
  await page.goto("/");
  // Playwright may hand the page's console line to listeners after evaluate() has returned; wait for
  // it, so the test's end cannot come first (the fixture's listener, registered earlier, has it then).
  await Promise.all([
    page.waitForEvent("console", (message) => message.text().includes("deliberate error")),
    page.evaluate(() => console.error("deliberate error from the console-errors spec")),
  ]);
});
