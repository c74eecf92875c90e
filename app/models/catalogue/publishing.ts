// What a product needs before it goes on sale (issue 28 item 1): "Create
// Product" makes a ৳0 "Sample name" draft with the placeholder picture and no
// sizes, and publishing must not put that in front of shoppers. Pure, so the
// rule is tested on its own; product.server.ts applies it to every publish
// (the list's Publish, the editor's Status, PUT /api/products/{id}).

/** What createSampleProduct names a new draft: a product still called this has not been filled in. */
export const SAMPLE_NAME = "Sample name";
/** The picture a product has until one is uploaded (public/placeholder.svg). */
export const PLACEHOLDER_IMAGE = "/placeholder.svg";

export type PublishCandidate = {
  name: string;
  pricePaisa: number;
  image: string;
  sizes: { quantity: number }[];
};

export type PublishField = "name" | "price" | "sizes" | "image";

/** Per field, what is missing: shown beside the field in the editor and joined into the API's message. */
const NEEDS: Record<PublishField, { field: string; inMessage: string }> = {
  name: {
    field: `Give the product its own name: “${SAMPLE_NAME}” cannot go on sale`,
    inMessage: `its own name (not “${SAMPLE_NAME}”)`,
  },
  price: { field: "Set a price above ৳0 to publish", inMessage: "a price above ৳0" },
  sizes: { field: "Add a size with at least 1 in stock to publish", inMessage: "a size with stock" },
  image: {
    field: "Upload a main image to publish: the placeholder picture does not count",
    inMessage: "a main image of its own (the placeholder picture does not count)",
  },
};

/** The placeholder, however it is written: with a query string, or as an absolute address of it. */
export function isPlaceholderImage(url: string): boolean {
  const trimmed = url.trim();
  if (!trimmed) return true;
  let path = trimmed;
  if (/^https?:\/\//i.test(trimmed)) {
    try {
      path = new URL(trimmed).pathname;
    } catch {
      return false;
    }
  }
  return path.replace(/[?#].*$/, "") === PLACEHOLDER_IMAGE;
}

/** The fields that keep `p` off sale, in the editor's order; empty when it may be published. */
export function publishProblems(p: PublishCandidate): PublishField[] {
  const problems: PublishField[] = [];
  if (p.name.trim().toLowerCase() === SAMPLE_NAME.toLowerCase()) problems.push("name");
  if (!(p.pricePaisa > 0)) problems.push("price");
  if (!p.sizes.some((s) => s.quantity > 0)) problems.push("sizes");
  if (isPlaceholderImage(p.image)) problems.push("image");
  return problems;
}

function listInWords(parts: string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/**
 * Why `p` cannot be published, as one message and per-field errors (the
 * ServiceError's two halves), or null when it can.
 */
export function publishRefusal(p: PublishCandidate): { message: string; errors: Record<string, string[]> } | null {
  const problems = publishProblems(p);
  if (problems.length === 0) return null;
  return {
    message: `Cannot publish “${p.name.trim()}” yet: it needs ${listInWords(problems.map((f) => NEEDS[f].inMessage))}.`,
    errors: Object.fromEntries(problems.map((f) => [f, [NEEDS[f].field]])),
  };
}

/** How a refused publish's form-wide message starts (publishRefusal). */
const REFUSAL_START = "Cannot publish";

/**
 * A refused publish's errors less the ones the editor has fixed since (issue
 * 41 item 2): a field's publish error goes once `p` no longer lacks it, and
 * the form-wide "Cannot publish …" once none is left. Other errors stay.
 */
export function withoutFixedPublishErrors(errors: Record<string, string[]>, p: PublishCandidate): Record<string, string[]> {
  const problems = publishProblems(p);
  const out: Record<string, string[]> = { ...errors };
  let publishLeft = false;
  for (const field of Object.keys(NEEDS) as PublishField[]) {
    const list = out[field];
    if (!list?.includes(NEEDS[field].field)) continue;
    if (problems.includes(field)) publishLeft = true;
    else out[field] = list.filter((m) => m !== NEEDS[field].field);
  }
  if (!publishLeft && out[""]) out[""] = out[""].filter((m) => !m.startsWith(REFUSAL_START));
  return out;
}
