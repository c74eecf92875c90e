import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { Pagination } from "~/components/Pagination";
import { ProductGrid } from "~/components/ProductCard";
import { listProducts } from "~/models/product.server";

export async function loader(_: LoaderFunctionArgs) {
  return json(await listProducts({ page: 1 }));
}

export default function Home() {
  const { products, page, pages } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="mb-8 overflow-hidden rounded-xl bg-gradient-to-r from-brand-700 to-brand-500 px-6 py-10 text-white sm:px-10">
        <p className="text-sm font-semibold uppercase tracking-widest text-amber-300">New season</p>
        <h1 className="mt-2 text-3xl font-bold sm:text-4xl">Dressed for every day and every Eid</h1>
        <p className="mt-3 max-w-xl text-brand-50">Handpicked panjabi, saree, kurti and more. Cash on delivery anywhere in Bangladesh.</p>
      </section>
      <h2 className="mb-4 text-xl font-semibold">Latest products</h2>
      <ProductGrid products={products} />
      <Pagination page={page} pages={pages} href={(n) => `/page/${n}`} />
    </>
  );
}
