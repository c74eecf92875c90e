import { expect, test, type Page } from "../support/fixtures";
import sharp from "sharp";

import { createUser, signIn } from "../support/auth";
import { createTestProduct, uniqueTag } from "../support/catalogue";
import { prisma } from "../support/db";
import { createTestOrder } from "../support/orders";

// The back office after the third audit (issue 28, items 1 and 3 to 6), at a
// phone's and a desktop's width, each run with JavaScript on and off.

const widths = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
] as const;

const png = (colour: string) =>
  sharp({ create: { width: 300, height: 400, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** Neither the page nor anything in it scrolls sideways. */
async function fitsTheScreen(page: Page) {
  const wide = await page.evaluate(() => {
    // Boxes that scroll (overflow auto or scroll) with more than they show; clipped ones (sr-only text) do not scroll.
    const overflowing = [...document.querySelectorAll("main *")].filter(
      (el) => el.scrollWidth > el.clientWidth + 1 && ["auto", "scroll"].includes(getComputedStyle(el).overflowX),
    );
    return { page: document.documentElement.scrollWidth - window.innerWidth, scrollers: overflowing.map((el) => el.outerHTML.slice(0, 80)) };
  });
  expect(wide.page, "the page scrolls sideways").toBeLessThanOrEqual(0);
  expect(wide.scrollers, "boxes that scroll sideways").toEqual([]);
}

for (const size of widths) {
  test.describe(`at ${size.name} width`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("publishing refuses a product that is not ready, in the list and in the editor, saying why", async ({
      page,
      context,
      baseURL,
      javaScriptEnabled: js,
    }) => {
      test.setTimeout(60_000);
      await signIn(context, baseURL!, await createUser({ isAdmin: true }));
      const name = `Unready kurti ${uniqueTag()}`;
      const draft = await createTestProduct({ name, status: "draft", pricePaisa: 0, sizes: [{ size: "M", quantity: 0 }] });

      // The list's one-click Publish.
      await page.goto(`/admin/productlist?${new URLSearchParams({ keyword: name, status: "draft" })}`);
      await page.getByRole("button", { name: `Publish ${name}` }).click();
      const refusal = page.getByRole("alert");
      await expect(refusal).toContainText(
        `Cannot publish “${name}” yet: it needs a price above ৳0, a size with stock and a main image of its own (the placeholder picture does not count).`,
      );
      await refusal.getByRole("link", { name: "Edit the product" }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/product/${draft.id}/edit$`));

      // The editor's Status Active: the same refusal, and each reason beside its field.
      await page.getByLabel("Status").selectOption("active");
      await page.getByRole("button", { name: "Update" }).first().click();
      await expect(page.getByRole("alert").filter({ hasText: "Cannot publish" })).toContainText("a price above ৳0, a size with stock");
      const price = page.getByLabel("Price (৳)", { exact: true });
      await expect(price).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator(`#${await price.getAttribute("aria-describedby")}`)).toHaveText("Set a price above ৳0 to publish");
      await expect(page.getByText("Add a size with at least 1 in stock to publish")).toBeVisible();
      await expect(page.getByText("Upload a main image to publish: the placeholder picture does not count")).toBeVisible();
      if (size.name === "phone") await fitsTheScreen(page);
      expect((await prisma.product.findUniqueOrThrow({ where: { id: draft.id } })).status).toBe("draft");

      // Put right, it publishes.
      await price.fill("850");
      await page.getByLabel("Quantity of size M").fill("3");
      await page.getByLabel(/Choose a new main image/).setInputFiles({ name: "kurti.png", mimeType: "image/png", buffer: await png("#1e3a8a") });
      if (js) await expect(page.getByRole("img", { name: "Main image preview" })).toHaveAttribute("src", /^\/images\//);
      await expect(page.getByLabel("Status")).toHaveValue("active");
      await page.getByRole("button", { name: "Update" }).first().click();
      await expect(page).toHaveURL(/\/admin\/productlist$/);
      await expect(page.getByRole("status").filter({ hasText: "Product updated" })).toBeVisible();
      expect(await prisma.product.findUniqueOrThrow({ where: { id: draft.id } })).toMatchObject({ status: "active", pricePaisa: 850_00 });
      await prisma.product.delete({ where: { id: draft.id } });
    });

    test("the dashboard charts orders placed and their value by day, with paid beside them", async ({ page, context, baseURL }) => {
      await signIn(context, baseURL!, await createUser({ isAdmin: true }));
      const product = await createTestProduct();
      const order = await createTestOrder({ name: `Chart ${uniqueTag()}`, lines: [{ product, size: "M", qty: 1 }] });
      await page.goto("/admin");
      await expect(page.getByRole("heading", { name: "Orders and payments per day", level: 2 })).toBeVisible();
      // Rendered on the server, one drawing per width; only the one for this width is shown.
      const chart = page.getByRole("img", { name: /Orders placed and paid per day, last 30 days/ });
      await expect(chart).toHaveCount(1);
      await expect(chart).toBeVisible();
      await expect(chart.locator("g[data-date]")).toHaveCount(30);
      await expect(chart.locator('rect[data-series="placedValue"]')).toHaveCount(30);
      await expect(chart.locator('rect[data-series="revenue"]')).toHaveCount(30);
      // Today has at least this unpaid order: its placed bar stands.
      const today = chart.locator("g[data-date]").last();
      expect(Number(await today.locator('rect[data-series="placedValue"]').getAttribute("height"))).toBeGreaterThan(0);
      await expect(page.getByText("Orders placed (value)").first()).toBeVisible();
      await expect(page.getByText("Paid (collected)").first()).toBeVisible();
      await expect(page.locator("figcaption")).toContainText(/orders? placed worth ৳[\d,.]+, and ৳[\d,.]+ collected, in 30 days/);
      // The same figures as a table.
      await page.getByText("Show the figures as a table").click();
      const table = page.getByRole("table", { name: "Orders placed and money collected per day" });
      await expect(table.getByRole("columnheader")).toHaveText(["Date", "Orders", "Placed value", "Paid"]);
      await expect(table.getByRole("row")).toHaveCount(31);
      if (size.name === "phone") await fitsTheScreen(page);
      await prisma.order.delete({ where: { id: order.id } });
    });

    test("an admin who signs in lands on the dashboard, or on the page a redirect asked for; a shopper on the shop", async ({ page }) => {
      const [admin, shopper] = [await createUser({ isAdmin: true }), await createUser()];
      const signInAs = async (user: typeof admin) => {
        await page.getByLabel("Email Address", { exact: true }).fill(user.email);
        await page.getByLabel("Password", { exact: true }).fill(user.password);
        await page.getByRole("button", { name: "Sign In" }).click();
      };
      await page.goto("/login");
      await signInAs(admin);
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();

      // An admin page asked for first: the sign-in returns there.
      await page.context().clearCookies();
      await page.goto("/admin/orderlist?status=unpaid");
      await expect(page).toHaveURL(/\/login\?redirect=/);
      await signInAs(admin);
      await expect(page).toHaveURL(/\/admin\/orderlist\?status=unpaid$/);
      await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();

      await page.context().clearCookies();
      await page.goto("/login");
      await signInAs(shopper);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("heading", { name: "Dashboard" })).toHaveCount(0);
    });

    test("the users list has guest buyers with orders and spend; their orders open from it, guest orders included", async ({ page, context, baseURL }) => {
      await signIn(context, baseURL!, await createUser({ isAdmin: true }));
      const tag = uniqueTag();
      const email = `guest-${tag}@example.com`;
      const product = await createTestProduct();
      const line = [{ product, size: "M", qty: 1 }];
      const paid = await createTestOrder({ name: `Guest ${tag}`, email, lines: line, isPaid: true, phone: "01911000222" });
      const later = await createTestOrder({ name: `Guest ${tag}`, email, lines: [{ product, size: "M", qty: 2 }], phone: "01911000222" });
      // An account that also ordered once as a guest with its e-mail: one customer, three orders.
      const member = await createUser({ name: `Member ${tag}` });
      const own = await createTestOrder({ name: member.name, userId: member.id, email: member.email, lines: line });
      const asGuest = await createTestOrder({ name: member.name, email: member.email, lines: line });
      await prisma.order.update({ where: { id: own.id }, data: { cancelledAt: new Date(), cancelReason: "refused" } });

      await page.goto(`/admin/userlist?${new URLSearchParams({ keyword: tag })}`);
      const guest = page.getByRole(size.name === "phone" ? "listitem" : "row").filter({ hasText: email });
      await expect(guest).toContainText("Guest");
      await expect(guest).toContainText("2 orders");
      await expect(guest).toContainText("৳1,150.00");
      await expect(guest.getByRole("link", { name: "01911000222" })).toHaveAttribute("href", "tel:01911000222");
      const account = page.getByRole(size.name === "phone" ? "listitem" : "row").filter({ hasText: member.email });
      await expect(account).toContainText("1 order");
      await expect(account).toContainText("+1 cancelled");
      await expect(account.getByRole("link", { name: `Edit ${member.name}` })).toBeVisible();
      if (size.name === "desktop") {
        await expect(page.getByRole("columnheader")).toHaveText(["Name", "Email", "Phone", "Orders", "Spent", "Actions"]);
      } else await fitsTheScreen(page);

      // Guests only.
      await page.getByRole("navigation", { name: "Show users" }).getByRole("link", { name: "Guests" }).click();
      await expect(page).toHaveURL(/kind=guests/);
      await expect(page.getByText(member.email)).toHaveCount(0);
      await expect(page.getByText(email).filter({ visible: true }).first()).toBeVisible();

      // The account's orders: the one signed in and the one as a guest.
      await page.goto(`/admin/userlist?${new URLSearchParams({ keyword: tag })}`);
      await account.getByRole("link", { name: `Orders of ${member.name}` }).click();
      await expect(page).toHaveURL(/\/admin\/orderlist\?customer=/);
      await expect(page.getByText(`Orders of ${member.email}, guest orders included`)).toBeVisible();
      for (const o of [own, asGuest]) await expect(page.getByRole("link", { name: `Details of order TB-${o.number}` })).toBeVisible();
      for (const o of [paid, later]) await expect(page.getByRole("link", { name: `Details of order TB-${o.number}` })).toHaveCount(0);
      await page.getByRole("link", { name: "Show every customer's orders" }).click();
      await expect(page).toHaveURL(/\/admin\/orderlist$/);
      await prisma.order.deleteMany({ where: { id: { in: [paid.id, later.id, own.id, asGuest.id] } } });
    });

    test("the order list shows every order's total and status without sideways scrolling", async ({ page, context, baseURL }) => {
      await signIn(context, baseURL!, await createUser({ isAdmin: true }));
      const tag = uniqueTag();
      const product = await createTestProduct();
      const order = await createTestOrder({
        name: `Rahima Khatun Chowdhury ${tag}`,
        lines: [{ product, size: "M", qty: 3 }],
        phone: "01711000333",
        isPaid: true,
      });
      await page.goto(`/admin/orderlist?${new URLSearchParams({ keyword: tag })}`);
      const shown = page.getByRole(size.name === "phone" ? "listitem" : "row").filter({ hasText: `TB-${order.number}` });
      await expect(shown).toHaveCount(1);
      // What an owner scans for, on screen without scrolling: number, total, status, buyer and a call link.
      for (const text of [`TB-${order.number}`, "৳3,450.00", /^Paid\b/, "Not delivered", `Rahima Khatun Chowdhury ${tag}`]) {
        await expect(shown.getByText(text).first(), String(text)).toBeInViewport();
      }
      await expect(shown.getByRole("link", { name: "01711000333" })).toHaveAttribute("href", "tel:01711000333");
      await fitsTheScreen(page);
      if (size.name === "desktop") await expect(page.getByRole("columnheader")).toHaveText(["Order", "Buyer", "Phone", "Date", "Total", "Status"]);
      else await expect(page.getByRole("table")).toHaveCount(0);
      await shown.getByRole("link", { name: `Details of order TB-${order.number}` }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/order/${order.id}$`));
      await prisma.order.delete({ where: { id: order.id } });
    });
  });
}
