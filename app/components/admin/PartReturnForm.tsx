import { Form } from "@remix-run/react";

import type { OrderDTO } from "~/models/orders/order-dto.server";

// Partly delivered (issue 36 item 4, decision 095): the buyer kept some items, the rider brought
// the rest back. The admin counts what came back; only that goes back into stock, once. A plain
// form (JavaScript off too), posted to the order page's action with intent "part-return".

export function PartReturnForm({ items, codCollected, busy }: { items: OrderDTO["orderItems"]; codCollected: number | null; busy: boolean }) {
  return (
    <Form method="post" className="space-y-3" aria-labelledby="part-return-heading">
      <h3 id="part-return-heading" className="font-semibold">
        Partly delivered: which items came back?
      </h3>
      <p className="text-sm text-stone-700">
        Count what is back at the shop. Those go back into stock, once; the order is then delivered
        {codCollected !== null && codCollected > 0 ? " and paid with the cash the courier collected" : ""}.
      </p>
      {items.map((item, index) => (
        <div key={item.id} className="flex items-center justify-between gap-3 text-sm">
          <input type="hidden" name={`returned[${index}].item`} value={item.id} />
          <label htmlFor={`returned-${item.id}`} className="min-w-0 flex-1 break-words">
            {item.name} ({item.selectedSize}) <span className="text-stone-600">— ordered {item.qty}</span>
          </label>
          <input
            id={`returned-${item.id}`}
            name={`returned[${index}].qty`}
            type="number"
            inputMode="numeric"
            min={0}
            max={item.qty}
            defaultValue={0}
            className="input w-20"
          />
        </div>
      ))}
      <button type="submit" name="intent" value="part-return" className="btn-primary w-full" disabled={busy}>
        Record Items Back
      </button>
    </Form>
  );
}
