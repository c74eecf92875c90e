import { prisma } from "~/models/platform/index.server";

import { CourierDown } from "./errors.server";
import { pathaoAreas, pathaoCities, pathaoZones } from "./providers/pathao-api.server";
import { redxAreas } from "./providers/redx-api.server";
import type { Parcel } from "./types";

// The couriers' own place lists (issue 36 item 2, decision 096): Pathao books to a city, zone and
// area id, RedX to an area id. The lists are kept in CourierArea and fetched again when older than
// a day, so the booking page asks the courier at most once a day per list; when the courier is down
// a stale list still serves. The admin's last choice per place (Pathao: the order's city, RedX:
// its postal code) is offered first next time and used by the one-click and bulk booking.

export type AreaCourier = "pathao" | "redx";
export type PlaceKind = "city" | "zone" | "area" | "post" | "district";
export type Place = { id: string; name: string };

const DAY_MS = 24 * 60 * 60 * 1000;

function fetchList(courier: AreaCourier, kind: PlaceKind, parentId: string): Promise<Place[]> {
  if (courier === "pathao") {
    if (kind === "city") return pathaoCities();
    if (kind === "zone") return pathaoZones(parentId);
    if (kind === "area") return pathaoAreas(parentId);
  } else if (kind === "post") return redxAreas({ postCode: parentId });
  else if (kind === "district") return redxAreas({ district: parentId });
  return Promise.resolve([]);
}

/** A courier's list, from the database while it is less than a day old, else from the courier. */
export async function courierPlaces(courier: AreaCourier, kind: PlaceKind, parentId = ""): Promise<Place[]> {
  const parent = kind === "district" ? parentId.trim().toLowerCase() : parentId.trim();
  const where = { courier, kind, parentId: parent };
  const kept = await prisma.courierArea.findMany({ where, orderBy: { name: "asc" } });
  if (kept.length && kept[0].fetchedAt.getTime() > Date.now() - DAY_MS) return kept.map((k) => ({ id: k.areaId, name: k.name }));
  let fresh: Place[];
  try {
    fresh = await fetchList(courier, kind, kind === "district" ? parentId.trim() : parent);
  } catch (error) {
    // A day-old list is better than none while the courier is down.
    if (error instanceof CourierDown && kept.length) return kept.map((k) => ({ id: k.areaId, name: k.name }));
    throw error;
  }
  // An empty answer is not kept: a mistyped district should not stick for a day.
  if (!fresh.length) return [];
  const fetchedAt = new Date();
  await prisma.$transaction([
    prisma.courierArea.deleteMany({ where }),
    prisma.courierArea.createMany({ data: fresh.map((p) => ({ ...where, areaId: p.id, name: p.name, fetchedAt })), skipDuplicates: true }),
  ]);
  return [...fresh].sort((a, b) => a.name.localeCompare(b.name));
}

/** Which place an order's area is remembered under for this courier. */
export function placeKey(courier: AreaCourier, order: { city: string; postalCode: string }): string {
  return courier === "pathao" ? `city:${order.city.trim().toLowerCase()}` : `post:${order.postalCode.trim()}`;
}

export type AreaChoice = NonNullable<Parcel["area"]>;

/** The area last chosen for this order's place, if any. */
export async function rememberedArea(courier: AreaCourier, order: { city: string; postalCode: string }): Promise<AreaChoice | null> {
  const row = await prisma.courierAreaChoice.findUnique({ where: { courier_placeKey: { courier, placeKey: placeKey(courier, order) } } });
  if (!row) return null;
  return { id: row.areaId, name: row.areaName, ...(row.cityId ? { cityId: row.cityId } : {}), ...(row.zoneId ? { zoneId: row.zoneId } : {}) };
}

export async function rememberArea(courier: AreaCourier, order: { city: string; postalCode: string }, area: AreaChoice) {
  const key = { courier, placeKey: placeKey(courier, order) };
  const data = { cityId: area.cityId ?? null, zoneId: area.zoneId ?? null, areaId: area.id, areaName: area.name };
  await prisma.courierAreaChoice.upsert({ where: { courier_placeKey: key }, create: { ...key, ...data }, update: data });
}

/** The chosen ids, checked against the courier's own lists: null when one is not in its parent's list. */
export async function checkedArea(
  courier: AreaCourier,
  choice: { cityId?: string; zoneId?: string; areaId: string; post?: string; district?: string },
): Promise<AreaChoice | null> {
  const find = (list: Place[], id: string | undefined) => list.find((p) => p.id === id) ?? null;
  if (courier === "pathao") {
    if (!choice.cityId || !choice.zoneId) return null;
    if (!find(await courierPlaces("pathao", "city"), choice.cityId)) return null;
    if (!find(await courierPlaces("pathao", "zone", choice.cityId), choice.zoneId)) return null;
    const area = find(await courierPlaces("pathao", "area", choice.zoneId), choice.areaId);
    return area ? { id: area.id, name: area.name, cityId: choice.cityId, zoneId: choice.zoneId } : null;
  }
  const list = choice.district ? await courierPlaces("redx", "district", choice.district) : await courierPlaces("redx", "post", choice.post ?? "");
  const area = find(list, choice.areaId);
  return area ? { id: area.id, name: area.name } : null;
}

export type AreaPickerState =
  | { courier: "pathao"; cities: Place[]; cityId: string; zones: Place[]; zoneId: string; areas: Place[]; areaId: string }
  | { courier: "redx"; post: string; district: string; areas: Place[]; areaId: string };

const pick = (list: Place[], ...wanted: (string | undefined)[]) => wanted.find((w) => w && list.some((p) => p.id === w)) ?? "";

/**
 * Where the admin is in the select chain: each list, and the choice in it that is still valid
 * (a zone of another city is dropped). With nothing chosen yet, the place's remembered area, or
 * Pathao's city whose name matches the order's city, is preselected.
 */
export async function areaPickerState(
  courier: AreaCourier,
  order: { city: string; postalCode: string },
  q: { city?: string; zone?: string; area?: string; post?: string; district?: string },
): Promise<AreaPickerState> {
  const fresh = !q.city && !q.zone && !q.area && q.post === undefined && q.district === undefined;
  const remembered = fresh ? await rememberedArea(courier, order) : null;
  if (courier === "redx") {
    const district = q.district ?? "";
    const post = q.post ?? order.postalCode;
    const areas = district ? await courierPlaces("redx", "district", district) : post ? await courierPlaces("redx", "post", post) : [];
    return { courier, post, district, areas, areaId: pick(areas, q.area, remembered?.id) };
  }
  const cities = await courierPlaces("pathao", "city");
  const byName = cities.find((c) => c.name.toLowerCase() === order.city.trim().toLowerCase())?.id;
  const cityId = pick(cities, q.city, remembered?.cityId, fresh ? byName : undefined);
  const zones = cityId ? await courierPlaces("pathao", "zone", cityId) : [];
  const zoneId = pick(zones, q.zone, remembered?.zoneId);
  const areas = zoneId ? await courierPlaces("pathao", "area", zoneId) : [];
  return { courier, cities, cityId, zones, zoneId, areas, areaId: pick(areas, q.area, remembered?.id) };
}
