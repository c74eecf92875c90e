import { expect, test } from "../support/fixtures";

import { createTestProduct } from "../support/catalogue";

// A page from the page cache carries a CSP of script hashes (decision 033):
// its own scripts run, and a script injected into its HTML does not.

// The refusal of the injected script is what this test wants to see in the console.
test.use({ consoleErrorsAllowed: [/violates the following Content Security Policy directive/] });

test("a cached product page hydrates, and an injected inline script is refused", async ({ page, request }) => {
  test.skip(test.info().project.name !== "js-on", "scripts only run with JavaScript on");
  const product = await createTestProduct({ sizes: [{ size: "M", quantity: 9 }] });
  const url = `/product/${product.id}`;
  await request.get(url);
  await expect.poll(async () => (await request.get(url)).headers()["x-cache"]).toBe("HIT");

  // An HTML injection, as a stored XSS would be: the answer's own headers, one more script.
  await page.route(url, async (route) => {
    const response = await route.fetch();
    expect(response.headers()["x-cache"]).toMatch(/HIT|STALE/);
    const html = (await response.text()).replace("</body>", "<script>window.injected = true</script></body>");
    await route.fulfill({ response, body: html });
  });
  const refused: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.goto(url);

  await expect(page.getByRole("button", { name: "One more" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
  await expect.poll(() => refused.length).toBeGreaterThan(0);
});
