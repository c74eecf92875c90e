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

export type CardColour = { name: string; nameBn: string | null; hex: string };

export function toProductCard(p: ProductCardDTO & { colors?: CardColour[] }): ProductCardDTO {
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
    colors: (p.colors ?? []).map(({ name, nameBn, hex }) => ({ name, nameBn, hex })),
  };
}

/** A list page's data with its products cut down to cards. */
export function asCardPage<T extends { products: ProductCardDTO[] }>(data: T): Omit<T, "products"> & { products: ProductCardDTO[] } {
  return { ...data, products: data.products.map(toProductCard) };
}
