import type { ProductDTO } from "./product.server";

// A product card shows a few fields; list pages ship only those to the
// browser (in the HTML's hydration data) instead of whole products with
// descriptions, sizes and extra pictures: about a third of the home page's bytes.

export type ProductCardDTO = Pick<
  ProductDTO,
  "id" | "name" | "image" | "price" | "originalPrice" | "discountPercentage" | "rating" | "numReviews" | "countInStock"
>;

export function toProductCard(p: ProductCardDTO): ProductCardDTO {
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
  };
}

/** A list page's data with its products cut down to cards. */
export function asCardPage<T extends { products: ProductCardDTO[] }>(data: T): Omit<T, "products"> & { products: ProductCardDTO[] } {
  return { ...data, products: data.products.map(toProductCard) };
}
