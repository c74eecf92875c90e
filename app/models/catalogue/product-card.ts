import type { ProductDTO } from "./product.server";

// A product card shows a few fields; list pages ship only those to the
// browser (in the HTML's hydration data) instead of whole products with
// descriptions, sizes and extra pictures: about a third of the home page's bytes.

export type ProductCardDTO = Pick<
  ProductDTO,
  "id" | "name" | "image" | "price" | "originalPrice" | "discountPercentage" | "rating" | "numReviews" | "countInStock"
> & {
  /** The colours as small swatches (issue 38); absent or [] for a product without colours. */
  colors?: CardColour[];
};

/** soldOut: every size of the colour is at 0, so the card shows it struck through (issue 38). */
export type CardColour = { name: string; nameBn: string | null; hex: string; soldOut?: boolean };

type Variant = Pick<ProductDTO["variants"][number], "color" | "quantity">;

/**
 * Whether a colour is sold out, worked out from the variants the list already read (no query per card):
 * sold out when it has variants and none has stock. A colour without variants is not called sold out.
 */
function soldOut(variants: Variant[] | undefined, name: string): boolean {
  const mine = (variants ?? []).filter((v) => v.color === name);
  return mine.length > 0 && mine.every((v) => v.quantity <= 0);
}

export function toProductCard(p: ProductCardDTO & { colors?: CardColour[]; variants?: Variant[] }): ProductCardDTO {
  return {
    id: p.id,
    name: p.name,
    image: p.image,
    price: p.price,
    originalPrice: p.originalPrice,
    discountPercentage: p.discountPercentage,
    rating: p.rating,
    numReviews: p.numReviews,
    countInStock: p.countInStock,
    // Names and swatch only: the colours' pictures stay on the product page.
    colors: (p.colors ?? []).map(({ name, nameBn, hex, soldOut: known }) => ({
      name,
      nameBn,
      hex,
      soldOut: known ?? soldOut(p.variants, name),
    })),
  };
}

/** A list page's data with its products cut down to cards. */
export function asCardPage<T extends { products: (ProductCardDTO & { variants?: Variant[] })[] }>(
  data: T,
): Omit<T, "products"> & { products: ProductCardDTO[] } {
  return { ...data, products: data.products.map(toProductCard) };
}
