import { describe, expect, it } from "vitest";

import { isPlaceholderImage, publishProblems, publishRefusal } from "./publishing";

// The rule of publishing (issue 28 item 1) on its own; product-drafts.test.ts
// has it applied by the service to each way of publishing.

const ready = { name: "Jamdani saree", pricePaisa: 3499_00, image: "/images/5f0c", sizes: [{ quantity: 0 }, { quantity: 2 }] };

describe("publishing", () => {
  it("lets a filled-in product go on sale", () => {
    expect(publishProblems(ready)).toEqual([]);
    expect(publishRefusal(ready)).toBeNull();
    expect(publishProblems({ ...ready, image: "https://cdn.example.com/saree.jpg" })).toEqual([]);
  });

  it("refuses the sample as Create Product makes it, naming everything it lacks", () => {
    const sample = { name: "Sample name", pricePaisa: 0, image: "/placeholder.svg", sizes: [] };
    expect(publishProblems(sample)).toEqual(["name", "price", "sizes", "image"]);
    const refusal = publishRefusal(sample)!;
    expect(refusal.message).toBe(
      "Cannot publish “Sample name” yet: it needs its own name (not “Sample name”), a price above ৳0, a size with stock " +
        "and a main image of its own (the placeholder picture does not count).",
    );
    expect(Object.keys(refusal.errors)).toEqual(["name", "price", "sizes", "image"]);
    expect(refusal.errors.price).toEqual(["Set a price above ৳0 to publish"]);
  });

  it("refuses each missing piece on its own", () => {
    expect(publishProblems({ ...ready, name: "  sample NAME " })).toEqual(["name"]);
    expect(publishProblems({ ...ready, pricePaisa: 0 })).toEqual(["price"]);
    expect(publishProblems({ ...ready, sizes: [] })).toEqual(["sizes"]);
    // Sizes listed, none in stock: nothing to sell.
    expect(publishProblems({ ...ready, sizes: [{ quantity: 0 }, { quantity: 0 }] })).toEqual(["sizes"]);
    expect(publishProblems({ ...ready, image: "/placeholder.svg" })).toEqual(["image"]);
    const one = publishRefusal({ ...ready, pricePaisa: 0 })!;
    expect(one.message).toBe("Cannot publish “Jamdani saree” yet: it needs a price above ৳0.");
    expect(one.errors).toEqual({ price: ["Set a price above ৳0 to publish"] });
    expect(publishRefusal({ ...ready, pricePaisa: 0, sizes: [] })!.message).toBe(
      "Cannot publish “Jamdani saree” yet: it needs a price above ৳0 and a size with stock.",
    );
  });

  it("counts the placeholder as no picture however it is written, and nothing else", () => {
    for (const url of ["/placeholder.svg", "/placeholder.svg?v=main", "/placeholder.svg#x", "http://shop.test/placeholder.svg", " ", ""]) {
      expect(isPlaceholderImage(url), url).toBe(true);
    }
    for (const url of ["/images/abc", "/favicon.svg", "/placeholder.svg.jpg", "https://cdn.example.com/placeholder.svg.png", "/img/placeholder.svg"]) {
      expect(isPlaceholderImage(url), url).toBe(false);
    }
  });
});
