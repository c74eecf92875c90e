/** "Product(Blue Panjabi)" or "Category(Saree)": how the spec shows a discount's type. */
export function discountTarget(d: { product: { name: string } | null; category: { name: string } | null }) {
  if (d.product) return `Product(${d.product.name})`;
  if (d.category) return `Category(${d.category.name})`;
  return "—";
}
