import { describe, expect, it, vi } from "vitest";

import { addToCartSchema } from "~/schemas/cart";
import { productInputSchema } from "~/schemas/product";
import { orderLookupSchema } from "~/schemas/order-lookup";
import { loginSchema } from "~/schemas/user";

import { formFields, formShapeProblem, MAX_FORM_FIELDS, parseForm } from "./form.server";

const formOf = (pairs: [string, string][]) => {
  const fd = new FormData();
  for (const [k, v] of pairs) fd.append(k, v);
  return fd;
};

describe("forms are checked against their schema before conform parses them (issue 40 item 1)", () => {
  it("reads each schema's fields through preprocess, transform and pipe, lists included", () => {
    expect(Object.fromEntries(formFields(loginSchema))).toEqual({ email: "value", password: "value" });
    expect(formFields(productInputSchema).get("sizes")).toBe("list");
    expect(formFields(productInputSchema).get("additionalImages")).toBe("list");
    expect(formFields(addToCartSchema).get("qty")).toBe("value");
    // A transformed object (the lookup turns contact into email or phone) still has its fields.
    expect([...formFields(orderLookupSchema).keys()].sort()).toEqual(["contact", "orderNumber"]);
  });

  it("lets a real form through, with the names a page adds besides the schema's", () => {
    const fields = formFields(loginSchema);
    expect(
      formShapeProblem(
        formOf([
          ["email", "a@b.co"],
          ["password", "secret"],
          ["redirectTo", "/cart"],
          ["__intent__", "x"],
        ]),
        fields,
      ),
    ).toBeNull();
    const product = formFields(productInputSchema);
    expect(
      formShapeProblem(
        formOf([
          ["sizes[0].size", "M"],
          ["sizes[0].quantity", "3"],
          ["sizes[1].size", "L"],
          ["additionalImages", "/a"],
          ["additionalImages", "/b"],
        ]),
        product,
      ),
    ).toBeNull();
  });

  it("refuses repeated names, nested names it does not use, far list indexes and too many fields", () => {
    const fields = formFields(loginSchema);
    expect(
      formShapeProblem(
        formOf([
          ["email", "a"],
          ["email", "a"],
        ]),
        fields,
      ),
    ).toMatch(/more than once/);
    expect(formShapeProblem(formOf([["a[99999999]", "1"]]), fields)).toMatch(/not a field/);
    expect(formShapeProblem(formOf([["email.x", "1"]]), fields)).toMatch(/not a field/);
    expect(formShapeProblem(formOf([["sizes[99999999].size", "M"]]), formFields(productInputSchema))).toMatch(/past the longest list/);
    const many = formOf(Array.from({ length: MAX_FORM_FIELDS + 1 }, (_, i) => [`f${i}`, "x"] as [string, string]));
    expect(formShapeProblem(many, fields)).toMatch(/more than 200 fields/);
  });

  it("throws a 400 with the reason instead of parsing", async () => {
    const fd = formOf(Array.from({ length: 130_000 }, () => ["email", "a"] as [string, string]));
    let thrown: unknown;
    try {
      parseForm(fd, { schema: loginSchema });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(400);
    expect(await (thrown as Response).json()).toEqual({ message: 'This form was not sent by the shop\'s page: "email" is sent more than once' });
    expect(
      parseForm(
        formOf([
          ["email", "A@B.co"],
          ["password", "x"],
        ]),
        { schema: loginSchema },
      ).status,
    ).toBe("success");
  });
});

describe("the patched parser (patches/@conform-to+dom+1.21.1.patch)", () => {
  it("joins repeated names in linear time: the array copies it makes grow with the values, not their square", async () => {
    const { parseWithZod } = await import("@conform-to/zod");
    // Counted, not timed: the quadratic path was `prev.concat(next)` per repeated name, which copies the
    // whole list each time (N²/2 elements for N values, ~16 s for 50,000 on a quiet machine).
    const copiedFor = (values: number) => {
      const fd = formOf(Array.from({ length: values }, () => ["additionalImages", "/x"] as [string, string]));
      let copied = 0;
      const concat = Array.prototype.concat;
      const spy = vi.spyOn(Array.prototype, "concat").mockImplementation(function (this: unknown[], ...items: unknown[]) {
        copied += this.length;
        return concat.apply(this, items);
      });
      try {
        const submission = parseWithZod(fd, { schema: productInputSchema });
        expect(submission.payload.additionalImages).toHaveLength(values);
      } finally {
        spy.mockRestore();
      }
      return copied;
    };
    const small = copiedFor(2_000);
    const large = copiedFor(20_000);
    // Ten times the values: at most ten times the copying (a square would be a hundred times), and a few per value at most.
    expect(large).toBeLessThanOrEqual(Math.max(10 * small, 20_000));
    expect(large).toBeLessThanOrEqual(4 * 20_000);
  });

  it("ignores a list index past 9,999 instead of making an array that long", async () => {
    const { parseWithZod } = await import("@conform-to/zod");
    const submission = parseWithZod(formOf([["sizes[99999999].size", "M"]]), { schema: productInputSchema });
    expect(submission.payload.sizes).toBeUndefined();
  });
});
