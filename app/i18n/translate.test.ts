import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import bn from "~/locales/bn";
import en from "~/locales/en";

import { Trans } from "./Trans";
import { createTranslator } from "./translate";

// The shop's own translate function replaced i18next (decision 070): these are
// the texts a shopper would see wrong if it read the catalogues differently.
describe("translate", () => {
  const english = createTranslator("en", { en }).t;
  const bangla = createTranslator("bn", { en, bn }).t;

  it("reads nested keys and fills in values", () => {
    expect(english("common.errors.notFound")).toBe(en.translation.common.errors.notFound);
    expect(english("common.pageTitle", { title: "Cart" })).toBe(en.translation.common.pageTitle.replace("{{title}}", "Cart"));
  });

  it("picks the plural form by each language's rules", () => {
    expect(english("catalogue.list.count", { count: 1, n: "1" })).toBe(en.translation.catalogue.list.count_one.replace("{{n}}", "1"));
    expect(english("catalogue.list.count", { count: 2, n: "2" })).toBe(en.translation.catalogue.list.count_other.replace("{{n}}", "2"));
    // Bangla counts 0 and 1 as "one" (CLDR), as i18next did through Intl.PluralRules.
    expect(bangla("catalogue.list.count", { count: 0, n: "০" })).toBe(bn.translation.catalogue.list.count_one.replace("{{n}}", "০"));
  });

  it("uses a context form when there is one, else the plain key", () => {
    expect(english("order.page.country", { context: "bd", country: "Bangladesh" })).toBe("Bangladesh");
    expect(english("order.page.country", { context: undefined, country: "India" })).toBe("India");
  });

  it("looks service-layer messages up whole, and shows an unknown one as it came", () => {
    const [known, text] = Object.entries(bn.messages).find(([k]) => k.includes(".")) ?? Object.entries(bn.messages)[0];
    expect(bangla(known, { ns: "messages", defaultValue: known })).toBe(text);
    expect(bangla("Something new went wrong.", { ns: "messages", defaultValue: "Something new went wrong." })).toBe("Something new went wrong.");
  });

  it("falls back to English for a key Bangla lacks, and to the key itself when nobody has it", () => {
    const onlyEnglish = createTranslator("bn", { en, bn: { translation: {}, messages: {} } }).t;
    expect(onlyEnglish("common.errors.notFound")).toBe(en.translation.common.errors.notFound);
    expect(english("common.nowhere")).toBe("common.nowhere");
  });
});

describe("Trans", () => {
  const t = createTranslator("en", { en }).t;
  const render = (props: Parameters<typeof Trans>[0]) => renderToStaticMarkup(createElement(Trans, { t, ...props }));

  it("puts the catalogue's markup around the values", () => {
    expect(render({ i18nKey: "catalogue.search.correctedTo", values: { term: "panjabi" }, components: { b: createElement("strong") } })).toBe(
      "Showing results for <strong>panjabi</strong>",
    );
  });

  it("shows a value holding markup as typed, never as tags", () => {
    const html = render({ i18nKey: "catalogue.search.correctedTo", values: { term: "<b>x</b> & <i>" }, components: { b: createElement("strong") } });
    expect(html).toBe("Showing results for <strong>&lt;b&gt;x&lt;/b&gt; &amp; &lt;i&gt;</strong>");
  });

  it("replaces a component's own children with the catalogue's text", () => {
    const html = render({
      i18nKey: "order.confirmation.quote",
      values: { orderNumber: "TB-1", phone: "01700", email: "a@b.c" },
      components: { b: createElement("b"), tel: createElement("a", { href: "tel:01700" }, "old"), mail: createElement("a", { href: "mailto:a@b.c" }) },
    });
    expect(html).toContain('<a href="tel:01700">01700</a>');
    expect(html).not.toContain("old");
    expect(html).not.toContain("{{");
  });
});
