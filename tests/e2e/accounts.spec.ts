import { expect, test, type Page } from "../support/fixtures";

import { createUser, signIn } from "../support/auth";

// Accounts in the browser, run with JavaScript on and off (projects js-on / js-off).

const uniqueEmail = () => `e2e-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
const rnd = () => Math.floor(Math.random() * 254) + 1;

/** Own client IP, so failed sign-ins here never rate-limit another test. */
async function ownIp(page: Page) {
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": `10.${rnd()}.${rnd()}.${rnd()}` });
}

/** The header's user menu, labelled with the user's name. */
const accountMenu = (page: Page, name: string) => page.getByRole("navigation", { name: "Account" }).locator("summary").filter({ hasText: name });

/** With JavaScript, wait for hydration so the form really goes through Remix's fetch path. */
async function hydrated(page: Page) {
  await page.waitForLoadState("networkidle");
}

async function logout(page: Page, name: string) {
  await accountMenu(page, name).click();
  await page.getByRole("button", { name: "Logout" }).click();
}

test("register: mismatched passwords are refused, then the new account is signed in", async ({ page }) => {
  await ownIp(page);
  await page.goto("/register?redirect=/profile");
  await expect(page).toHaveTitle(/Register/);
  await hydrated(page);
  const name = `Farhana ${Date.now().toString(36)}`;
  const email = uniqueEmail();
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Email Address", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("cotton-kurta-77");
  await page.getByLabel("Confirm Password", { exact: true }).fill("cotton-kurta-78");
  await page.getByRole("button", { name: "Register" }).click();

  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await expect(page.getByLabel("Confirm Password", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/register/);

  // The server never sends passwords back: both fields are typed again.
  await page.getByLabel("Password", { exact: true }).fill("cotton-kurta-77");
  await page.getByLabel("Confirm Password", { exact: true }).fill("cotton-kurta-77");
  await page.getByRole("button", { name: "Register" }).click();

  await expect(page).toHaveURL(/\/profile$/);
  await expect(accountMenu(page, name)).toBeVisible();
  await expect(page.getByLabel("Email Address", { exact: true })).toHaveValue(email);
});

test("register: an e-mail already in use and a short password are explained", async ({ page }) => {
  await ownIp(page);
  const existing = await createUser();
  await page.goto("/register");
  await page.getByLabel("Name", { exact: true }).fill("Someone");
  await page.getByLabel("Email Address", { exact: true }).fill(existing.email.toUpperCase());
  await page.getByLabel("Password", { exact: true }).fill("cotton-kurta-77");
  await page.getByLabel("Confirm Password", { exact: true }).fill("cotton-kurta-77");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText("User already exists")).toBeVisible();

  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByLabel("Confirm Password", { exact: true }).fill("short");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
});

test("sign in with ?redirect= lands there; a wrong password shows a red alert; sign out", async ({ page, javaScriptEnabled }) => {
  await ownIp(page);
  const user = await createUser();

  // A guest sent to sign in from a page that needs it.
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
  await expect(page.getByRole("link", { name: "Register" })).toHaveAttribute("href", "/register?redirect=%2Fprofile");
  await hydrated(page);

  await page.getByLabel("Email Address", { exact: true }).fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill("wrong-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  // The server never sends a password back (with JavaScript the browser keeps what was typed).
  if (!javaScriptEnabled) await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");

  await page.getByLabel("Email Address", { exact: true }).fill(user.email.toUpperCase());
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("heading", { name: "User Profile" })).toBeVisible();

  await logout(page, user.name);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login/);
});

test("after too many failed sign-ins the page says so", async ({ page, playwright, baseURL }) => {
  await ownIp(page);
  const user = await createUser();
  // Ten failures for this e-mail from elsewhere lock it for a minute, from every IP.
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": `10.${rnd()}.${rnd()}.${rnd()}` } });
  for (let i = 0; i < 10; i++) await api.post("/api/users/auth", { data: { email: user.email, password: `guess-${i}` } });
  await api.dispose();

  await page.goto("/login");
  await page.getByLabel("Email Address", { exact: true }).fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toHaveText("Too many attempts, please try again in a minute");
  await expect(page).toHaveURL(/\/login$/);
});

test("an off-site redirect is never followed", async ({ page, context, baseURL }) => {
  const user = await createUser();
  await signIn(context, baseURL!, user);
  for (const evil of ["//evil.example", "https://evil.example/x", "/\\evil.example"]) {
    await page.goto(`/login?redirect=${encodeURIComponent(evil)}`);
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
    expect(new URL(page.url()).pathname).toBe("/");
  }
});

test("/login and /register send a signed-in user away", async ({ page, context, baseURL }) => {
  const user = await createUser();
  await signIn(context, baseURL!, user);
  await page.goto("/login?redirect=/profile");
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto("/login");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/register");
  await expect(page).toHaveURL(/\/$/);
});

test("profile update shows the flash, which stays until dismissed or the next page (decision 042)", async ({ page, context, baseURL, javaScriptEnabled }) => {
  const user = await createUser();
  await signIn(context, baseURL!, user);
  // Playwright's clock: time runs as usual until the test moves it on (below), instead of sleeping.
  await page.clock.install();
  await page.goto("/profile");
  await expect(page).toHaveTitle(/Profile/);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(user.name);
  await expect(page.getByText("You have not placed any orders yet.")).toBeVisible();
  await hydrated(page);

  // The mismatch rule holds here too.
  await page.getByLabel("Password", { exact: true }).fill("new-password-1");
  await page.getByLabel("Confirm Password", { exact: true }).fill("something-else");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();

  const newName = `${user.name} Renamed`;
  await page.getByLabel("Name", { exact: true }).fill(newName);
  await page.getByLabel("Password", { exact: true }).fill("");
  await page.getByLabel("Confirm Password", { exact: true }).fill("");
  await page.getByRole("button", { name: "Update" }).click();

  const toast = page.getByRole("status").filter({ hasText: "Profile updated successfully" });
  await expect(toast).toBeVisible();
  await expect(accountMenu(page, newName)).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(newName);

  // It does not close by itself (the page would jump under the pointer); with JavaScript it can be dismissed.
  // A minute passes for the page's timers (without JavaScript there are none to wait for).
  if (javaScriptEnabled) await page.clock.runFor(60_000);
  await expect(toast).toBeVisible();
  if (javaScriptEnabled) {
    await page.getByRole("button", { name: "Dismiss" }).click();
    await expect(toast).toBeHidden();
  }
  // A flash is shown once: the next page has no toast.
  await page.goto("/profile");
  await expect(page.getByText("Profile updated successfully")).toHaveCount(0);
});

test("admin pages: a guest goes to sign in and comes back; a shopper is sent to /login", async ({ page, context, baseURL }) => {
  await ownIp(page);
  const admin = await createUser({ isAdmin: true });
  await page.goto("/admin/userlist");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fuserlist$/);
  await page.getByLabel("Email Address", { exact: true }).fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/userlist$/);
  await expect(page.getByRole("heading", { name: "Users" })).toBeVisible();

  await context.clearCookies();
  const shopper = await createUser();
  await signIn(context, baseURL!, shopper);
  const response = await page.goto("/admin/userlist");
  // /login then sends the signed-in shopper on to its default, the home page.
  const hops: string[] = [];
  for (let r = response!.request().redirectedFrom(); r; r = r.redirectedFrom()) hops.unshift(new URL(r.url()).pathname);
  expect(hops).toEqual(["/admin/userlist", "/login"]);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Users" })).toHaveCount(0);
});
