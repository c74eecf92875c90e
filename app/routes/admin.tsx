import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData, useOutletContext } from "@remix-run/react";
import { useRef } from "react";

import { AdminNavLinks } from "~/components/admin/AdminNav";
import { Logo } from "~/components/layout/Logo";
import { requireAdmin } from "~/web/guards.server";
import { SkipLink } from "~/components/layout/SkipLink";
import type { ShellContext } from "~/root";

/**
 * The back office's own layout around every /admin/* screen: a sidebar on
 * wide screens, a <details> menu on a phone (works without JavaScript), and
 * none of the shop's search or category bar (root reads `handle.shopChrome`).
 * Each child route still guards itself: loaders run in parallel.
 */
export const handle = { shopChrome: false };

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return json({ name: admin.name });
}

export default function AdminLayout() {
  const { name } = useLoaderData<typeof loader>();
  // The flash message, rendered by the root (decision 042): here at the top of the back office's own <main>.
  const { flash } = useOutletContext<ShellContext>();
  const menu = useRef<HTMLDetailsElement>(null);
  // A <details> stays open across client-side navigations: choosing a section closes it. (A click, not an
  // effect on the location: that would also run at hydration and shut a menu opened while the scripts loaded.)
  const closeOnChoice = (event: React.MouseEvent) => {
    if (menu.current && (event.target as Element).closest("a")) menu.current.open = false;
  };
  return (
    <div className="flex min-h-full flex-1 flex-col">
      <header className="border-b border-stone-200 bg-white">
        <SkipLink />
        <div className="flex items-center gap-3 px-4 py-3 sm:px-6">
          <Link to="/admin" className="flex items-center gap-2 font-semibold tracking-tight">
            <Logo className="h-7 w-7" />
            <span>
              TanaBana <span className="font-normal text-stone-500">Admin</span>
            </span>
          </Link>
          <div className="ml-auto flex items-center gap-3 text-sm">
            <span className="hidden text-stone-600 sm:inline">{name}</span>
            <Form method="post" action="/logout">
              <button type="submit" className="rounded-md px-2 py-1 font-semibold text-stone-700 hover:bg-stone-100">
                Logout
              </button>
            </Form>
          </div>
        </div>
        <details ref={menu} className="border-t border-stone-200 px-4 py-2 lg:hidden">
          <summary className="cursor-pointer text-sm font-semibold">Menu</summary>
          {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- the links inside handle keys; this only watches their clicks */}
          <nav aria-label="Admin menu" className="pt-2" onClick={closeOnChoice}>
            <AdminNavLinks />
          </nav>
        </details>
      </header>
      <div className="flex flex-1">
        <nav aria-label="Admin" className="hidden w-52 shrink-0 border-r border-stone-200 bg-stone-100 p-3 lg:block">
          <AdminNavLinks />
        </nav>
        <main id="main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8">
          {flash}
          <Outlet />
        </main>
      </div>
    </div>
  );
}
