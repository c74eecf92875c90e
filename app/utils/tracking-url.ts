/**
 * The courier's own page for one parcel (issue 41 item 1), so the buyer's page and e-mails can link the
 * tracking number rather than print it. Only couriers with a public per-parcel page are listed; for
 * the others (and the shop's own rider) there is no link and the number is shown as it is.
 */
const PAGES: Record<string, (code: string) => string> = {
  pathao: (code) => `https://merchant.pathao.com/tracking?consignment_id=${code}`,
  steadfast: (code) => `https://steadfast.com.bd/t/${code}`,
  redx: (code) => `https://redx.com.bd/track-parcel/?trackingId=${code}`,
};

/** The tracking page of `trackingNumber` at `courier`, or null when the courier has none we know. */
export function trackingUrl(courier: string | null | undefined, trackingNumber: string | null | undefined): string | null {
  const code = trackingNumber?.trim();
  const page = courier ? PAGES[courier] : undefined;
  return page && code ? page(encodeURIComponent(code)) : null;
}
