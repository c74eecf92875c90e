import { COURIER_LABEL } from "./courier-label";
import { formatTaka } from "~/utils/money";

export type ParcelLabelData = {
  id: string;
  orderNumber: string;
  name: string;
  phone: string;
  address: string;
  city: string;
  postalCode: string;
  codPaisa: number;
  courier: string | null;
  consignmentId: string | null;
  trackingCode: string | null;
  itemCount: number;
  items: { name: string; color: string | null; size: string; qty: number }[];
  qr: string;
  barcode: string | null;
};

// No-break spaces keep "(Maroon · M) × 1" on one line when the contents wrap.
const contentWords = (i: ParcelLabelData["items"][number]) => `${i.name} (${i.color ? `${i.color}\u00a0·\u00a0${i.size}` : i.size})\u00a0×\u00a0${i.qty}`;

/**
 * One parcel label: who it goes to, the cash the rider collects (the biggest figure: it is what a
 * rider must not get wrong), the courier's consignment as a barcode and the tracking as a QR code.
 * `large`: the 4x6-inch thermal label, with bigger type than the A4 sheet's.
 */
export function ParcelLabel({ label: l, large }: { label: ParcelLabelData; large: boolean }) {
  const courier = l.courier ? (COURIER_LABEL[l.courier] ?? l.courier) : null;
  return (
    <article
      aria-label={`Label ${l.orderNumber}`}
      data-testid="parcel-label"
      className={`label flex flex-col gap-1 rounded border border-stone-800 bg-white p-3 ${large ? "text-base" : "text-xs"}`}
    >
      <div className="flex items-start justify-between gap-2 border-b border-stone-400 pb-1">
        <div>
          <p className="font-semibold">TanaBana</p>
          <p className={`font-semibold ${large ? "text-2xl" : "text-base"}`}>{l.orderNumber}</p>
          <p>
            {courier ?? "Courier not chosen"}
            {l.itemCount ? ` · ${l.itemCount} ${l.itemCount === 1 ? "item" : "items"}` : ""}
          </p>
        </div>
        <img src={l.qr} alt={`QR code of ${l.trackingCode ?? l.orderNumber}`} className={large ? "h-32 w-32" : "h-20 w-20"} />
      </div>
      <div className="min-w-0 flex-1 break-words">
        <p className="text-stone-600">To</p>
        <p className={`font-semibold ${large ? "text-xl" : "text-sm"}`}>{l.name}</p>
        <p className="font-semibold">{l.phone || "No phone"}</p>
        <p>
          {l.address}, {l.city} {l.postalCode}
        </p>
        {l.items.length ? (
          // Colour and size with each product (issue 38), as on the slip, so the packer checks the parcel
          // against its label; clamped so a long order never pushes the cash or the barcode off the label.
          <p className={`mt-1 text-stone-700 ${large ? "line-clamp-4" : "line-clamp-2"}`} data-testid="label-contents">
            <span className="font-semibold">Contents:</span> {l.items.map(contentWords).join("; ")}
          </p>
        ) : null}
      </div>
      <p className="flex items-baseline justify-between border-t-2 border-stone-900 pt-1">
        <span className="font-semibold">{l.codPaisa > 0 ? "Cash to collect" : "Paid: collect nothing"}</span>
        <strong className={large ? "text-3xl" : "text-lg"} data-testid="label-cod">
          {formatTaka(l.codPaisa / 100)}
        </strong>
      </p>
      {l.consignmentId ? (
        <div className="text-center">
          <img src={l.barcode ?? ""} alt={`Barcode of consignment ${l.consignmentId}`} className="label-barcode mx-auto" />
          <p data-testid="label-consignment">
            Consignment <span className="font-mono font-semibold">{l.consignmentId}</span>
            {l.trackingCode && l.trackingCode !== l.consignmentId ? (
              <>
                {" "}
                · Tracking <span className="font-mono font-semibold">{l.trackingCode}</span>
              </>
            ) : null}
          </p>
        </div>
      ) : (
        <p className="text-center text-stone-600" data-testid="label-consignment">
          {l.trackingCode ? (
            <>
              Tracking <span className="font-mono font-semibold">{l.trackingCode}</span>
            </>
          ) : (
            "Not booked with a courier yet"
          )}
        </p>
      )}
    </article>
  );
}
