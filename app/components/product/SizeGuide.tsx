import { Link } from "@remix-run/react";

import { useLocalePath, useT } from "~/i18n/hooks";

/** The product page's way to its category's size guide: a plain link, so it opens without JavaScript. */
export function SizeGuideLink({ categoryId }: { categoryId: number }) {
  const t = useT();
  const lp = useLocalePath();
  return (
    <Link to={lp(`/size-guide/${categoryId}`)} className="text-sm text-brand-700 underline-offset-2 hover:underline">
      {t("sizeguide.link")}
    </Link>
  );
}

/** A size guide's rows as a table, the first row its header. */
export function SizeTable({ rows }: { rows: string[][] }) {
  const [head = [], ...body] = rows;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="bg-stone-50">
          <tr>
            {head.map((cell, i) => (
              <th key={i} scope="col" className="px-3 py-2 font-semibold">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {body.map((row, r) => (
            <tr key={r} className="border-t border-stone-100">
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className="px-3 py-2 font-semibold">
                    {cell}
                  </th>
                ) : (
                  <td key={i} className="px-3 py-2">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
