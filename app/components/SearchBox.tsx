import { Form, useNavigate, useParams } from "@remix-run/react";

/**
 * A plain GET form to /search (which redirects to /search/{term}, or home when
 * empty); with JavaScript the redirect hop is skipped.
 */
export function SearchBox() {
  const navigate = useNavigate();
  const { keyword } = useParams();
  return (
    <Form
      method="get"
      action="/search"
      role="search"
      className="flex"
      onSubmit={(event) => {
        event.preventDefault();
        const term = String(new FormData(event.currentTarget).get("keyword") ?? "").trim();
        navigate(term ? `/search/${encodeURIComponent(term)}` : "/");
      }}
    >
      <label htmlFor="site-search" className="sr-only">
        Search products
      </label>
      <input
        id="site-search"
        key={keyword ?? ""}
        type="search"
        name="keyword"
        defaultValue={keyword ?? ""}
        placeholder="Search Products..."
        className="w-full rounded-l-md border-0 px-3 py-2 text-sm text-stone-900 focus:ring-2 focus:ring-amber-400"
      />
      <button type="submit" className="rounded-r-md bg-amber-400 px-4 text-sm font-semibold text-stone-900 hover:bg-amber-300">
        Search
      </button>
    </Form>
  );
}
