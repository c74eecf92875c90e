import { test as base, type Browser, type BrowserContext, type ConsoleMessage, type Page } from "@playwright/test";

// Every browser test fails when a page it opened logs an error to the console
// or throws (issue 28 item 15): a hydration mismatch, a conform invariant, a
// CSP refusal or an unhandled rejection is a defect even when the page still
// looks right. The e2e specs import `test` and `expect` from here instead of
// from @playwright/test.
//
// What is not a page error: the browser's own line for a response it was
// given with a 4xx status ("Failed to load resource: … status of 404"). Tests
// ask for unknown products, refused forms (a 400 with field errors) and
// pages behind a sign-in on purpose, and the page handles those answers. A
// 5xx is still an error. Nor is Chromium's note when Playwright itself reads
// a sandboxed frame (the admin's mail preview: frameLocator runs its helper
// script there, and the sandbox refuses it, as it should). A test that
// expects some other console error says so with
// `test.use({ consoleErrorsAllowed: [/…/] })`.

const NOT_PAGE_ERRORS = [
  /^Failed to load resource: the server responded with a status of 4\d\d\b/,
  /^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/,
];

type Options = { consoleErrorsAllowed: RegExp[] };

export const test = base.extend<Options & { consoleErrors: string[] }>({
  consoleErrorsAllowed: [[], { option: true }],
  consoleErrors: [
    async ({ context, browser, consoleErrorsAllowed }, use, testInfo) => {
      const errors: string[] = [];
      const allowed = (text: string) => NOT_PAGE_ERRORS.some((re) => re.test(text)) || consoleErrorsAllowed.some((re) => re.test(text));
      const watchPage = (page: Page) => {
        page.on("console", (message: ConsoleMessage) => {
          if (message.type() !== "error" || allowed(message.text())) return;
          const where = message.location();
          errors.push(`console.error on ${page.url()}: ${message.text()}${where.url ? ` (${where.url}:${where.lineNumber})` : ""}`);
        });
        page.on("pageerror", (error) => {
          if (allowed(error.message)) return;
          errors.push(`uncaught on ${page.url()}: ${error.stack ?? error.message}`);
        });
      };
      const watched = new WeakSet<BrowserContext>();
      const watchContext = (c: BrowserContext) => {
        if (watched.has(c)) return;
        watched.add(c);
        c.pages().forEach(watchPage);
        c.on("page", watchPage);
      };
      watchContext(context);
      // Contexts a test opens itself (a second shopper, an admin beside the buyer) too, for this test only.
      const restore = watchNewContexts(browser, watchContext);
      try {
        await use(errors);
      } finally {
        restore();
      }
      // Only a test whose steps passed is failed for it: a failure's own report comes first.
      if (testInfo.status === "passed" && errors.length > 0) {
        throw new Error(`The browser reported ${errors.length} error(s):\n${errors.join("\n")}`);
      }
    },
    { auto: true },
  ],
});

/** Wraps browser.newContext / newPage so their pages are watched; returns the undo. */
function watchNewContexts(browser: Browser, watch: (c: BrowserContext) => void) {
  const { newContext, newPage } = browser;
  browser.newContext = async (...args: Parameters<Browser["newContext"]>) => {
    const c = await newContext.apply(browser, args);
    watch(c);
    return c;
  };
  browser.newPage = async (...args: Parameters<Browser["newPage"]>) => {
    const page = await newPage.apply(browser, args);
    watch(page.context());
    return page;
  };
  return () => {
    browser.newContext = newContext;
    browser.newPage = newPage;
  };
}

// Everything else (types, devices) as @playwright/test has it; `test` above shadows its own.
export * from "@playwright/test";
