import { Form, useSubmit } from "@remix-run/react";

import { useHydrated } from "~/hooks/use-hydrated";

import { COURIER_LABEL } from "./courier-label";

type Place = { id: string; name: string };
type Picker =
  | { courier: "pathao"; cities: Place[]; cityId: string; zones: Place[]; zoneId: string; areas: Place[]; areaId: string }
  | { courier: "redx"; post: string; district: string; areas: Place[]; areaId: string };

/**
 * The courier's place lists as a chain of plain selects in one GET form (decision 096). Without
 * JavaScript, "Show the next list" submits it; with JavaScript, choosing submits by itself and the
 * lists below the changed one start again. The Book form below carries the chosen ids.
 */
export function AreaPicker({ picker, busy }: { picker: Picker; busy: boolean }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const name = COURIER_LABEL[picker.courier];
  // Choosing a city clears the zone and area: only what is above the changed select is kept.
  const go = (fields: Record<string, string>) => submit({ courier: picker.courier, ...fields }, { method: "get", replace: true, preventScrollReset: true });
  const select = (label: string, field: string, list: Place[], value: string, keep: Record<string, string>) => (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={`area-pick-${field}`} className="font-semibold">
        {label}
      </label>
      <select
        id={`area-pick-${field}`}
        name={field}
        className="input"
        defaultValue={value}
        key={`${field}-${value}-${list.length}`}
        onChange={hydrated ? (e) => go({ ...keep, [field]: e.currentTarget.value }) : undefined}
      >
        <option value="">Choose…</option>
        {list.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <section aria-labelledby="area-heading" className="card space-y-4 p-5">
      <h2 id="area-heading" className="text-lg font-semibold">
        {name}&rsquo;s delivery area
      </h2>
      <Form method="get" className="space-y-3">
        <input type="hidden" name="courier" value={picker.courier} />
        {picker.courier === "pathao" ? (
          <>
            {select("City", "city", picker.cities, picker.cityId, {})}
            {picker.cityId ? select("Zone", "zone", picker.zones, picker.zoneId, { city: picker.cityId }) : null}
          </>
        ) : (
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="flex flex-col gap-1 text-sm">
              <label htmlFor="area-pick-post" className="font-semibold">
                Postal code
              </label>
              <input id="area-pick-post" name="post" defaultValue={picker.post} inputMode="numeric" maxLength={10} className="input" />
            </div>
            <div className="flex flex-col gap-1 text-sm">
              <label htmlFor="area-pick-district" className="font-semibold">
                Or district
              </label>
              <input id="area-pick-district" name="district" defaultValue={picker.district} maxLength={60} className="input" placeholder="e.g. Gazipur" />
            </div>
          </div>
        )}
        {/* With JavaScript the selects submit themselves; the button stays for the text fields and for JS off. */}
        <button type="submit" className="btn-secondary">
          {picker.courier === "redx" ? "Find Areas" : "Show Zones And Areas"}
        </button>
      </Form>
      {/* The area select is in the Book form: choosing it needs no extra round trip. */}
      <Form method="post" className="space-y-3 border-t border-stone-200 pt-4">
        <input type="hidden" name="courier" value={picker.courier} />
        {picker.courier === "pathao" ? (
          <>
            <input type="hidden" name="cityId" value={picker.cityId} />
            <input type="hidden" name="zoneId" value={picker.zoneId} />
          </>
        ) : (
          <>
            <input type="hidden" name="post" value={picker.post} />
            <input type="hidden" name="district" value={picker.district} />
          </>
        )}
        {picker.areas.length ? (
          <div className="flex flex-col gap-1 text-sm">
            <label htmlFor="area-pick-areaId" className="font-semibold">
              Area
            </label>
            <select id="area-pick-areaId" name="areaId" className="input" defaultValue={picker.areaId} key={`area-${picker.areaId}-${picker.areas.length}`}>
              <option value="">Choose…</option>
              {picker.areas.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <p className="text-sm text-amber-800">
            {picker.courier === "pathao"
              ? "Choose the city and the zone to see their areas."
              : `${name} lists no area for this postal code or district; try another.`}
          </p>
        )}
        <p className="text-xs text-stone-600">The shop remembers the area for this {picker.courier === "pathao" ? "city" : "postal code"} next time.</p>
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy || picker.areas.length === 0}>
          Book With {name}
        </button>
      </Form>
    </section>
  );
}
