import { describe, expect, it } from "vitest";

import { htmlToText, sanitizeHtml } from "./sanitize.server";

describe("sanitizeHtml", () => {
  it("removes scripts with their content", () => {
    const out = sanitizeHtml('<p>Hi</p><script>alert("x")</script>');
    expect(out).toBe("<p>Hi</p>");
  });

  it("removes event-handler attributes but keeps the rest", () => {
    const out = sanitizeHtml('<p onclick="steal()">Text<img src=x onerror="alert(1)"></p>');
    expect(out).toBe("<p>Text</p>");
    expect(out).not.toContain("onerror");
    expect(out).not.toContain("onclick");
  });

  it("removes javascript: links but keeps their text", () => {
    const out = sanitizeHtml('<a href="javascript:alert(1)">click</a> <a href=" JaVaScRiPt:alert(2)">two</a>');
    expect(out).not.toMatch(/javascript/i);
    expect(out).toContain(">click</a>");
    expect(out).toContain(">two</a>");
  });

  it("removes iframes, styles and style attributes", () => {
    const out = sanitizeHtml('<iframe src="https://evil.example"></iframe><style>body{display:none}</style><p style="color:red">ok</p>');
    expect(out).toBe("<p>ok</p>");
  });

  it("keeps headings, lists, emphasis, quotes and code", () => {
    const html =
      "<h2>Care</h2><h3>Washing</h3><ul><li><strong>Cold</strong> water</li></ul><ol><li><em>Dry</em> in shade</li></ol>" +
      "<blockquote><p>Soft</p></blockquote><p><code>100% cotton</code></p>";
    expect(sanitizeHtml(html)).toBe(html);
  });

  it("keeps http, https and mailto links and adds rel=noopener noreferrer", () => {
    const out = sanitizeHtml(
      '<p><a href="https://example.com/a" rel="opener">a</a> <a href="http://example.com">b</a> <a href="mailto:hi@example.com">c</a></p>',
    );
    expect(out).toBe(
      '<p><a href="https://example.com/a" rel="noopener noreferrer">a</a> ' +
        '<a href="http://example.com" rel="noopener noreferrer">b</a> ' +
        '<a href="mailto:hi@example.com" rel="noopener noreferrer">c</a></p>',
    );
  });

  it("drops hrefs of other schemes (data:, vbscript:)", () => {
    const out = sanitizeHtml('<a href="data:text/html,<script>alert(1)</script>">d</a><a href="vbscript:x">v</a>');
    expect(out).toBe("<a>d</a><a>v</a>");
  });

  it("leaves plain text alone and escapes stray angle brackets", () => {
    expect(sanitizeHtml("Sample description")).toBe("Sample description");
    expect(sanitizeHtml("1 < 2 & 3")).toBe("1 &lt; 2 &amp; 3");
  });
});

describe("htmlToText", () => {
  it("turns sanitized HTML into one line of text, each block a sentence of its own", () => {
    expect(htmlToText("<h2>Care</h2><p>Wash &amp; dry&nbsp;in <em>shade</em></p><ul><li>a</li><li>b!</li></ul>")).toBe("Care. Wash & dry in shade. a. b!");
  });
  it("keeps the words of one block together and adds nothing to text without blocks", () => {
    expect(htmlToText("<p>Who we <strong>are</strong>?</p>")).toBe("Who we are?");
    expect(htmlToText("Plain text")).toBe("Plain text");
  });
  it("decodes numeric entities", () => {
    expect(htmlToText("<p>&#2547;100 &#x41;</p>")).toBe("৳100 A");
  });
  // Issue 28 item 19: "…কাজ।. ১০০% সুতি." joined Bangla list items with Latin stops.
  it("joins Bangla blocks with the দাঁড়ি and never doubles a stop", () => {
    expect(htmlToText("<ul><li>হাতের কাজ।</li><li>১০০% সুতি</li><li>হালকা</li></ul>")).toBe("হাতের কাজ। ১০০% সুতি। হালকা");
    expect(htmlToText("<h3>যত্ন</h3><p>ছায়ায় শুকান।</p>")).toBe("যত্ন। ছায়ায় শুকান।");
  });
  it("gives each block its own language's stop, whatever the page", () => {
    expect(htmlToText("<ul><li>Jacquard cotton</li><li>হাতে বোনা</li><li>Dry clean.</li><li>শেষ</li></ul>")).toBe("Jacquard cotton. হাতে বোনা। Dry clean. শেষ");
    expect(htmlToText("<ul><li>Handwoven.</li><li>হাতের কাজ।</li><li>Soft</li></ul>")).toBe("Handwoven. হাতের কাজ। Soft");
  });
});
