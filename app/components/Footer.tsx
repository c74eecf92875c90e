import { Link } from "@remix-run/react";

import { SHOP_CONTACT } from "~/utils/contact";

export function Footer({ pages, year }: { pages: { id: number; title: string }[]; year: number }) {
  return (
    <footer className="mt-12 bg-stone-900 text-stone-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3 sm:px-6 lg:px-8">
        <section>
          <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-white">About TanaBana</h2>
          <p className="text-sm leading-6">
            Everyday and festive clothing from Bangladeshi makers: panjabi, saree, kurti, jeans and more. Pay cash when it
            reaches your door.
          </p>
        </section>
        <section>
          <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-white">Quick links</h2>
          <ul className="space-y-1 text-sm">
            {pages.map((p) => (
              <li key={p.id}>
                <Link to={`/footer-info/${p.id}`} className="hover:text-white hover:underline">
                  {p.title}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/orders/find" className="hover:text-white hover:underline">
                Find your order
              </Link>
            </li>
          </ul>
        </section>
        <section>
          <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-white">Contact</h2>
          <address className="space-y-1 text-sm not-italic">
            <p>{SHOP_CONTACT.address}</p>
            <p>
              <a href={SHOP_CONTACT.phoneHref} className="hover:text-white hover:underline">
                {SHOP_CONTACT.phone}
              </a>
            </p>
            <p>
              <a href={`mailto:${SHOP_CONTACT.email}`} className="hover:text-white hover:underline">
                {SHOP_CONTACT.email}
              </a>
            </p>
          </address>
        </section>
      </div>
      <p className="border-t border-stone-800 py-4 text-center text-xs">© {year} TanaBana. All rights reserved.</p>
    </footer>
  );
}
