import { describe, expect, it } from "vitest";

import { createTestProduct } from "../../../tests/support/catalogue";
import { prisma } from "~/models/platform/index.server";

import { NO_OPTIONS } from "./catalogue-search.server";
import { didYouMean } from "./search-hint.server";

// "Did you mean" for a search that found nothing (issue 28 item 23, decision 065).
// This file's database holds only the products made here.

const jamdani = await createTestProduct({ name: "Handloom Jamdani Saree", brand: "Aarong", pricePaisa: 8500_00 });
await createTestProduct({ name: "Rajshahi Silk Saree", description: "<p>Festive red with a green border</p>", pricePaisa: 6800_00 });
const panjabi = await createTestProduct({ name: "Casual Cotton Panjabi" });
await prisma.product.update({ where: { id: panjabi.id }, data: { nameBn: "ক্যাজুয়াল সুতির পাঞ্জাবি" } });

describe("did you mean", () => {
  it("leaves out the word that stops the others finding anything, keeping the most products", async () => {
    // red finds the silk saree, jamdani the jamdani, saree both: together nothing.
    expect(await didYouMean({ keyword: "red jamdani saree" })).toBe("jamdani saree");
  });

  it("leaves out words that find nothing even alone, and corrects misspelt ones", async () => {
    expect(await didYouMean({ keyword: "jamdani qqqq" })).toBe("jamdani");
    expect(await didYouMean({ keyword: "jamdnai qqqq" })).toBe("jamdani");
  });

  it("finds the closest Bangla word of the catalogue, which the trigram correction cannot", async () => {
    expect(await didYouMean({ keyword: "পাঞ্জাভি" })).toBe("পাঞ্জাবি");
  });

  it("offers nothing when nothing is close, or only what was typed", async () => {
    expect(await didYouMean({ keyword: "zzzznothing" })).toBeNull();
    expect(await didYouMean({ keyword: "%%" })).toBeNull();
    // Typed right, but the filters leave nothing: the words are not the problem.
    expect(await didYouMean({ keyword: "jamdani", options: { ...NO_OPTIONS, maxPrice: 100 } })).toBeNull();
  });

  it("keeps to the list: a suggestion must find something within its filters", async () => {
    const cheap = { ...NO_OPTIONS, maxPrice: 7000 };
    expect(await didYouMean({ keyword: "red jamdani saree", options: cheap })).toBe("red saree");
    expect(jamdani.pricePaisa).toBeGreaterThan(7000_00);
  });
});
