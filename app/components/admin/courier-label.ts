/** How the admin pages name each bookable courier (orders/types.ts COURIER_NAMES). */
export const COURIER_LABEL: Record<string, string> = { manual: "Manual", steadfast: "Steadfast", pathao: "Pathao", redx: "RedX" };
