import { describe, expect, it } from "vitest";

import { toLatinDigits } from "~/utils/digits";
import { parseOrderNumber } from "~/utils/order-number";

import { addToCartSchema } from "./cart";
import { parseListOptionsLenient } from "./catalogue";
import { numberish } from "./numberish";
import { orderLookupSchema } from "./order-lookup";
import { reviewSchema } from "./review";
import { isPostalCode, POSTAL_CODE_MESSAGE, shippingSchema } from "./shipping";

// A shopper on a Bangla keyboard types ০–৯; every shop form reads them as the
// Latin digits the server stores and compares (issue 20).

describe("numberish", () => {
  it.each([
    ["৩", 3],
    [" ১২ ", 12],
    ["১২৯৯.৫০", 1299.5],
    ["১0৫", 105],
    ["-২", -2],
  ])("reads %j as %d", (input, want) => {
    expect(numberish(input)).toBe(want);
  });

  it("leaves text that is not a number for zod to refuse", () => {
    expect(numberish("৩টি")).toBe("৩টি");
    expect(numberish("")).toBeUndefined();
  });
});

describe("shop forms take Bangla digits", () => {
  it("quantity and product on Add To Cart", () => {
    expect(addToCartSchema.parse({ productId: "৪২", size: "M", qty: "৩" })).toEqual({ productId: 42, size: "M", qty: 3 });
  });

  it("a review's rating", () => {
    expect(reviewSchema.parse({ rating: "৫", comment: "ভালো" }).rating).toBe(5);
  });

  it("the price filters", () => {
    const options = parseListOptionsLenient(new URLSearchParams("minPrice=৫০০&maxPrice=১৫০০.৫০"));
    expect(options).toMatchObject({ minPrice: 500, maxPrice: 1500.5 });
  });

  it("phone in Latin digits; the postal code as the buyer typed it (issue 28 item 17)", () => {
    const address = shippingSchema.parse({
      address: "বাড়ি ১২, রোড ৫, ধানমন্ডি",
      city: "ঢাকা",
      postalCode: "১২০৫",
      phone: "০১৭১১-২২৩৩৪৪",
      deliveryLabel: "Home",
    });
    expect(address).toMatchObject({ postalCode: "১২০৫", phone: "01711223344", address: "বাড়ি ১২, রোড ৫, ধানমন্ডি" });
  });

  it("the order number and phone of the order lookup", () => {
    const lookup = orderLookupSchema.parse({ orderNumber: "TB-১০০৪২", contact: "০১৭১১২২৩৩৪৪" });
    expect(lookup).toEqual({ orderNumber: "TB-১০০৪২", phone: "০১৭১১২২৩৩৪৪" });
    // The lookup service reads both the way it reads Latin digits (order-lookup.server.ts).
    expect(parseOrderNumber(toLatinDigits(lookup.orderNumber))).toBe(10042);
  });
});

// Issue 28 item 14: a Bangladeshi postal code is four digits, Latin or Bangla; the error says so.
describe("postal code", () => {
  const address = (postalCode: string) => ({ address: "Road 5", city: "Dhaka", postalCode, phone: "01711223344" });

  it.each(["1205", "১২০৫", " 1000 ", "৩১০০", "১2০5"])("takes %j", (code) => {
    expect(isPostalCode(code.trim())).toBe(true);
    expect(shippingSchema.parse(address(code)).postalCode).toBe(code.trim());
  });

  it.each(["abc", "120", "12056", "12 05", "১২০", "12a5", "১২০৫৬"])("refuses %j and says what it wants", (code) => {
    const result = shippingSchema.safeParse(address(code));
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ["postalCode"], message: POSTAL_CODE_MESSAGE })]);
  });

  it("the message names four digits and Bangla digits", () => {
    expect(POSTAL_CODE_MESSAGE).toMatch(/4-digit/);
    expect(POSTAL_CODE_MESSAGE).toMatch(/Bangla digits/);
  });
});
