import type { FieldMetadata } from "@conform-to/react";

import { FieldErrors } from "~/components/admin/FormErrors";
import { COURIER_LABEL } from "~/components/admin/courier-label";

// Which couriers the shop books through their API, and the default (issue 36). A courier without
// its secrets in the environment can be ticked but stays off until they are set (docs/deploy.md).

type Props = {
  on: FieldMetadata<string[]>;
  chosen: FieldMetadata<string>;
  setup: { name: string; configured: boolean }[];
  current: { couriersOn: string[]; defaultCourier: string };
};

export function CourierSettings({ on, chosen, setup, current }: Props) {
  return (
    <fieldset className="card space-y-3 p-5">
      <legend className="px-1 text-lg font-semibold">Couriers</legend>
      <p className="text-sm text-stone-600">
        Book parcels from an order&rsquo;s page. Manual (type the tracking number yourself) is always on. A courier needs its keys in the server&rsquo;s
        environment (see docs/deploy.md).
      </p>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-stone-600">
            <th className="py-1 font-semibold">Courier</th>
            <th className="py-1 font-semibold">On</th>
            <th className="py-1 font-semibold">Default</th>
          </tr>
        </thead>
        <tbody>
          {setup.map((c) => (
            <tr key={c.name} className="border-t border-stone-200">
              <td className="py-2">
                {COURIER_LABEL[c.name] ?? c.name}
                {c.name !== "manual" && !c.configured ? <span className="block text-xs text-amber-800">Keys not set</span> : null}
              </td>
              <td className="py-2">
                {c.name === "manual" ? (
                  "Always"
                ) : (
                  <input
                    type="checkbox"
                    name={on.name}
                    value={c.name}
                    defaultChecked={current.couriersOn.includes(c.name)}
                    aria-label={`${COURIER_LABEL[c.name]} on`}
                  />
                )}
              </td>
              <td className="py-2">
                <input
                  type="radio"
                  name={chosen.name}
                  value={c.name}
                  defaultChecked={current.defaultCourier === c.name}
                  aria-label={`${COURIER_LABEL[c.name]} is the default`}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <FieldErrors id={on.errorId} errors={on.errors} />
      <FieldErrors id={chosen.errorId} errors={chosen.errors} />
    </fieldset>
  );
}
