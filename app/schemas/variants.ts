import { z } from "zod";

import { banglaLine } from "./bangla-text";
import { imageUrlSchema, quantity } from "./product";

// The back office's writes of variants (issue 38 item 4): the stock grid and a colour, each parsed
// by the same schema in the product's variant page (/admin/product/{id}/variants) and in the API
// (PUT /api/products/{id}/variants, POST /api/products/{id}/colors).

/** A variant's SKU as the shop prints it, "TB-<row id>" (docs/decisions/091). */
export const SKU_PATTERN = /^TB-(\d{1,10})$/i;
export const skuId = (sku: string): number | null => {
  const m = SKU_PATTERN.exec(sku.trim());
  const id = m ? Number(m[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
};

const sku = z
  .string({ required_error: "SKU is required", invalid_type_error: "SKU must be text" })
  .trim()
  .refine((v) => skuId(v) !== null, "SKU must look like TB-123");

/** The grid: each cell names its variant by SKU and says its stock. A cell left out keeps its stock. */
export const stockGridSchema = z.object({
  cells: z
    .array(z.object({ sku, quantity }))
    .min(1, "Nothing to save")
    .max(500, "At most 500 variants in one save")
    .superRefine((cells, ctx) => {
      const seen = new Set<number>();
      cells.forEach((c, i) => {
        const id = skuId(c.sku);
        if (id !== null && seen.has(id)) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${c.sku} is given twice`, path: [i, "sku"] });
        if (id !== null) seen.add(id);
      });
    }),
});
export type StockGridInput = z.output<typeof stockGridSchema>;

const colorName = z
  .string({ required_error: "Colour name is required", invalid_type_error: "Colour name must be text" })
  .trim()
  .min(1, "Colour name is required")
  .max(40, "Colour name must be at most 40 characters");

/** A new colour: names, swatch and pictures. Every size the product has gets a variant of it with no stock. */
export const colorInputSchema = z.object({
  name: colorName,
  nameBn: banglaLine("Bangla colour name", 40),
  hex: z
    .string({ required_error: "Swatch colour is required", invalid_type_error: "Swatch colour must be text" })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, "Swatch colour must look like #1f2a44")
    .transform((v) => v.toLowerCase()),
  images: z.array(imageUrlSchema).max(8, "At most 8 pictures for a colour").default([]),
});
export type ColorInput = z.output<typeof colorInputSchema>;
