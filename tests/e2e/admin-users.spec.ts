import { expect, test, type Page } from "../support/fixtures";

import { createUser, signIn } from "../support/auth";
import { confirmClick } from "../support/confirm";
import { prisma } from "../support/db";
import { shot } from "../support/shots";

// The admin user screens, with JavaScript on and off.

const row = (page: Page, email: string) => page.getByRole("row").filter({ hasText: email });

// Other tests add users at the same time, so each test finds its own through
// the list's search rather than expecting them on page 1.
const listOf = (keyword: string) => `/admin/userlist?${new URLSearchParams({ keyword })}`;
const uniqueTag = () => `T${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

test("an admin marks a shopper as admin; their edit and delete buttons then disappear", async ({ page, context, baseURL }) => {
  const [admin, shopper] = [await createUser({ isAdmin: true }), await createUser()];
  await signIn(context, baseURL!, admin);
  await page.goto(listOf(shopper.email));
  await expect(page).toHaveTitle(/Users/);

  await row(page, shopper.email).getByRole("link", { name: /^Edit/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/user/${shopper.id}/edit\\?redirect=`));
  // The URL changes a moment before React renders the new page.
  await expect(page.getByRole("heading", { name: "Edit User" })).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(shopper.name);
  await expect(page.getByLabel("Is Admin", { exact: true })).not.toBeChecked();
  await page.getByLabel("Is Admin", { exact: true }).check();
  await page.getByRole("button", { name: "Update" }).click();

  // Back to the list as the admin left it: the same search.
  await expect(page).toHaveURL(/\/admin\/userlist\?keyword=/);
  await expect(page.getByRole("status").filter({ hasText: "user updated successfully" })).toBeVisible();
  await expect(row(page, shopper.email)).toHaveCount(1);
  await expect(row(page, shopper.email).getByText("Admin", { exact: true })).toBeAttached();
  await expect(row(page, shopper.email).getByRole("link", { name: /^Edit/ })).toHaveCount(0);
  await expect(row(page, shopper.email).getByRole("button", { name: /^Delete/ })).toHaveCount(0);
  expect((await prisma.user.findUniqueOrThrow({ where: { id: shopper.id } })).isAdmin).toBe(true);
});

test("edit and delete are offered for shoppers only; another admin's edit page refuses", async ({ page, context, baseURL, javaScriptEnabled }) => {
  const tag = uniqueTag();
  const [admin, otherAdmin, shopper] = [
    await createUser({ isAdmin: true, name: `Admin ${tag} One` }),
    await createUser({ isAdmin: true, name: `Admin ${tag} Two` }),
    await createUser({ name: `Shopper ${tag}` }),
  ];
  await signIn(context, baseURL!, admin);
  await page.goto(listOf(tag));
  await expect(page.getByRole("row")).toHaveCount(4); // the head and our three
  for (const u of [admin, otherAdmin]) {
    await expect(row(page, u.email)).toHaveCount(1);
    await expect(row(page, u.email).getByRole("link", { name: /^Edit/ })).toHaveCount(0);
    await expect(row(page, u.email).getByRole("button", { name: /^Delete/ })).toHaveCount(0);
  }
  await expect(row(page, shopper.email).getByRole("link", { name: /^Edit/ })).toBeVisible();
  await expect(row(page, shopper.email).getByRole("button", { name: /^Delete/ })).toBeVisible();
  await shot(page, "userlist-actions", javaScriptEnabled);

  await page.goto(`/admin/user/${otherAdmin.id}/edit`);
  await expect(page.getByRole("alert")).toContainText("admins cannot edit other admins");
  await expect(page.getByRole("button", { name: "Update" })).toHaveCount(0);
});

test("deleting a shopper asks first, found by searching, and removes the row", async ({ page, context, baseURL, javaScriptEnabled }) => {
  const [admin, shopper] = [await createUser({ isAdmin: true }), await createUser()];
  await signIn(context, baseURL!, admin);
  await page.goto("/admin/userlist");
  const search = page.getByRole("searchbox", { name: "Search by name, e-mail or phone" });
  await search.fill(shopper.email.toUpperCase());
  await search.press("Enter");
  await expect(page).toHaveURL(/keyword=/);
  await expect(page.getByRole("row")).toHaveCount(2); // the head and our shopper
  const deleteButton = row(page, shopper.email).getByRole("button", { name: /^Delete/ });

  // Saying no changes nothing.
  if (javaScriptEnabled) {
    await expect(page.locator('input[name="confirmed"]').first()).toBeAttached(); // hydrated
    const writes: string[] = [];
    page.on("request", (request) => {
      if (request.method() !== "GET") writes.push(`${request.method()} ${request.url()}`);
    });
    // The dialog must really be asked (a broken one would let "nothing changed" pass by itself).
    // The click returns only once the dialog is answered: answer it first.
    const asked = page.waitForEvent("dialog");
    const clicked = deleteButton.click();
    const dialog = await asked;
    expect(dialog.message()).toBe("Are you sure?");
    await dialog.dismiss();
    await clicked;
    // confirm() answered false inside the click handler, which has returned by now: a submit would
    // have been sent already. One more frame, then nothing may have gone out.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(writes).toEqual([]);
  } else {
    await deleteButton.click();
    await expect(page.getByRole("heading", { name: "Are you sure?" })).toBeVisible();
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("heading", { name: "Are you sure?" })).toHaveCount(0);
  }
  await expect(row(page, shopper.email)).toHaveCount(1);

  await confirmClick(page, javaScriptEnabled, deleteButton, "Yes, delete user");
  await expect(page.getByRole("status").filter({ hasText: "User deleted" })).toBeVisible();
  await expect(page).toHaveURL(/keyword=/); // still in the search results
  await expect(page.getByText("No users found")).toBeVisible();
  expect(await prisma.user.findUnique({ where: { id: shopper.id } })).toBeNull();
});

test("the user list comes in pages, newest first; deleting keeps the admin on their page", async ({ page, context, baseURL, javaScriptEnabled }) => {
  const tag = uniqueTag();
  const admin = await createUser({ isAdmin: true });
  // 22 accounts of this test: the oldest two land on page 2 of its search.
  const target = await createUser({ name: `Pager ${tag} first` });
  for (let i = 0; i < 20; i++) await createUser({ name: `Pager ${tag} ${i}` });
  const newest = await createUser({ name: `Pager ${tag} newest` });
  await signIn(context, baseURL!, admin);
  await page.goto(listOf(tag));
  const pager = page.getByRole("navigation", { name: "Pagination" });
  await expect(pager.getByRole("link", { name: "Page 1", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("row")).toHaveCount(21); // the head and 20 users
  await expect(page.getByRole("row").nth(1)).toContainText(newest.email);
  await expect(row(page, target.email)).toHaveCount(0);

  await pager.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/\/admin\/userlist\?keyword=\w+&page=2$/);
  await expect(pager.getByRole("link", { name: "Page 2", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("row")).toHaveCount(3);
  await confirmClick(page, javaScriptEnabled, row(page, target.email).getByRole("button", { name: /^Delete/ }), "Yes, delete user");
  await expect(page.getByRole("status").filter({ hasText: "User deleted" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/userlist\?keyword=\w+&page=2$/);
  await expect(page.getByRole("row")).toHaveCount(2);
  await expect(row(page, target.email)).toHaveCount(0);

  // A stale link past the end shows the last page.
  await page.goto(`${listOf(tag)}&page=100000`);
  await expect(page).toHaveURL(/\/admin\/userlist\?keyword=\w+&page=2$/);
  await expect(pager.getByRole("link", { name: "Next page" })).toHaveCount(0);
});
