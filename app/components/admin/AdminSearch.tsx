import { Form } from "@remix-run/react";

/** A list's search box: a plain GET form, so it works without JavaScript and the results have a URL. */
export function AdminSearch({
  action,
  label,
  placeholder,
  keyword,
  keep = {},
}: {
  action: string;
  /** Accessible name of the search box, e.g. "Search by name or brand". */
  label: string;
  placeholder: string;
  keyword: string;
  /** Other query parameters the search keeps (a list filter, say); the page always starts again at 1. */
  keep?: Record<string, string>;
}) {
  const id = `${action.replaceAll("/", "-").slice(1)}-search`;
  return (
    <Form method="get" action={action} role="search" className="flex gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {/* Keyed by the keyword: a link or Back that changes it must not leave the old text in the box. */}
      <input key={keyword} id={id} name="keyword" type="search" defaultValue={keyword} placeholder={placeholder} className="input w-44" />
      <button type="submit" className="btn-secondary">
        Search
      </button>
    </Form>
  );
}
