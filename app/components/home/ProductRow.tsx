import type { ReactNode } from "react";

import type { ProductCardDTO } from "~/models/catalogue/merchandising.server";

import { ProductCard } from "../product/ProductCard";

/** A titled row of product cards (top rated, you may also like): four on a wide screen, two on a phone. */
export function ProductRow({ id, title, products, action }: { id: string; title: string; products: ProductCardDTO[]; action?: ReactNode }) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby={id} className="mb-10">
      <div className="mb-4 flex items-baseline justify-between gap-4">
        <h2 id={id} className="text-xl font-semibold sm:text-2xl">
          {title}
        </h2>
        {action}
      </div>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {products.map((p) => (
          <li key={p.id}>
            <ProductCard product={p} />
          </li>
        ))}
      </ul>
    </section>
  );
}
