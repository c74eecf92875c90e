import { json } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";

/**
 * The most fields any of the shop's forms sends (the biggest, the shop
 * settings and the product editor, send a few dozen). A body of 130,000
 * `email=a` pairs froze an instance for minutes in conform's parser (issue 40
 * item 1, decision 078): a form is checked against its schema before it is parsed.
 */
export const MAX_FORM_FIELDS = 200;
/** Largest list index a form may name (`sizes[3].quantity`); `a[99999999]` made an array that long. */
const MAX_LIST_INDEX = 999;
/** Names conform itself sends with JavaScript on (an intent button, its state). */
const CONFORM_NAMES = new Set(["__intent__", "__state__"]);

type FieldKind = "value" | "list" | "nested";

/** The schema under its wrappers (preprocess, transform, pipe, optional, default, catch…). */
function unwrap(schema: z.ZodTypeAny): z.ZodTypeAny {
  for (let current = schema; ;) {
    const def = current._def as { schema?: z.ZodTypeAny; innerType?: z.ZodTypeAny; in?: z.ZodTypeAny; type?: z.ZodTypeAny };
    if (current instanceof z.ZodEffects && def.schema) current = def.schema;
    else if (current instanceof z.ZodPipeline && def.in) current = def.in;
    else if (current instanceof z.ZodBranded && def.type) current = def.type;
    else if (def.innerType && !(current instanceof z.ZodArray)) current = def.innerType;
    else return current;
  }
}

/** Each top-level field a schema takes, and whether it takes a list or an object under it. */
export function formFields(schema: z.ZodTypeAny): Map<string, FieldKind> {
  const fields = new Map<string, FieldKind>();
  const visit = (node: z.ZodTypeAny) => {
    const inner = unwrap(node);
    if (inner instanceof z.ZodObject) {
      for (const [name, field] of Object.entries(inner.shape as Record<string, z.ZodTypeAny>)) {
        const kind = unwrap(field);
        const seen = fields.get(name);
        const next: FieldKind = kind instanceof z.ZodArray ? "list" : kind instanceof z.ZodObject ? "nested" : "value";
        // A name that is a list in one option of a union stays a list.
        if (seen !== "list") fields.set(name, seen === "nested" ? seen : next);
      }
    } else if (inner instanceof z.ZodUnion || inner instanceof z.ZodDiscriminatedUnion) {
      for (const option of inner.options as z.ZodTypeAny[]) visit(option);
    } else if (inner instanceof z.ZodIntersection) {
      visit(inner._def.left);
      visit(inner._def.right);
    }
  };
  visit(schema);
  return fields;
}

/**
 * Why a form is not one the shop's pages send, or null when it is: more
 * fields than any form has, a name repeated that takes one value, or a
 * nested name (`a[0]`, `a.b`) under a field that takes no list or object.
 * Names the schema does not know may stand once (a submit button's `intent`,
 * `redirectTo`); conform ignores them.
 */
export function formShapeProblem(formData: FormData, fields: Map<string, FieldKind>): string | null {
  const seen = new Set<string>();
  let count = 0;
  for (const name of formData.keys()) {
    if (++count > MAX_FORM_FIELDS) return `more than ${MAX_FORM_FIELDS} fields`;
    if (CONFORM_NAMES.has(name)) continue;
    const root = name.split(/[.[]/, 1)[0];
    const kind = fields.get(root);
    if (root !== name) {
      if (kind !== "list" && kind !== "nested") return `"${name.slice(0, 40)}" is not a field of this form`;
      for (const [, index] of name.matchAll(/\[(\d*)\]/g)) {
        if (index.length > 3 || Number(index) > MAX_LIST_INDEX) return `"${name.slice(0, 40)}" is past the longest list`;
      }
    } else if (seen.has(name) && kind !== "list") {
      return `"${name.slice(0, 40)}" is sent more than once`;
    }
    seen.add(name);
  }
  return null;
}

const cache = new WeakMap<z.ZodTypeAny, Map<string, FieldKind>>();

/**
 * `parseWithZod` for a form posted to the server, after the shape check
 * above: a form no page of the shop sends is refused with a 400 before
 * conform reads a field. Every server-side parse of a posted form goes
 * through here (the browser's own validation keeps `parseWithZod`).
 */
export function parseForm<Schema extends z.ZodTypeAny>(formData: FormData, options: { schema: Schema }) {
  let fields = cache.get(options.schema);
  if (!fields) cache.set(options.schema, (fields = formFields(options.schema)));
  const problem = formShapeProblem(formData, fields);
  if (problem) throw json({ message: `This form was not sent by the shop's page: ${problem}` }, { status: 400 });
  return parseWithZod(formData, options);
}
