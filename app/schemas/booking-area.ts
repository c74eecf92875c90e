import { z } from "zod";

// Choosing Pathao's or RedX's delivery area before booking (issue 36 item 2, decision 096): the
// GET query that walks the select chain (city → zone → area, or RedX's postal code or district →
// area) and the POST that books with the chosen area. The ids are checked against the courier's list.

export const AREA_COURIERS = ["pathao", "redx"] as const;

const id = z.string().trim().max(20).regex(/^\d*$/, "Choose from the list").optional();
const place = z.string().trim().max(60).optional();

export const areaQuerySchema = z.object({
  courier: z.enum(AREA_COURIERS).catch("pathao"),
  city: id.catch(undefined),
  zone: id.catch(undefined),
  area: id.catch(undefined),
  post: place.catch(undefined),
  district: place.catch(undefined),
});

export const bookAreaSchema = z.object({
  courier: z.enum(AREA_COURIERS, { errorMap: () => ({ message: "courier must be pathao or redx" }) }),
  cityId: id,
  zoneId: id,
  areaId: z
    .string({ required_error: "Choose the delivery area" })
    .trim()
    .min(1, "Choose the delivery area")
    .max(20)
    .regex(/^\d+$/, "Choose the delivery area from the list"),
  post: place,
  district: place,
});

export type AreaQuery = z.output<typeof areaQuerySchema>;
