import vm from "node:vm";

import { describe, expect, it } from "vitest";

import { smallFaces } from "./small-faces.server";

/** Runs the head script as a browser would, and returns the faces it added with their bytes. */
function run(script: string, withFromBase64: boolean) {
  const added: { family: string; bytes: Buffer; descriptors: Record<string, string>; native: boolean }[] = [];
  const Uint8ArrayHere = class extends Uint8Array {};
  const decoded = new WeakSet<Uint8Array>();
  const fromBase64 = (text: string) => {
    const bytes = new Uint8Array(Buffer.from(text, "base64"));
    decoded.add(bytes);
    return bytes;
  };
  if (withFromBase64) Object.assign(Uint8ArrayHere, { fromBase64 });
  vm.runInNewContext(script, {
    Uint8Array: Uint8ArrayHere,
    atob: (text: string) => Buffer.from(text, "base64").toString("latin1"),
    FontFace: class {
      constructor(family: string, bytes: Uint8Array, descriptors: Record<string, string>) {
        added.push({ family, bytes: Buffer.from(bytes), descriptors, native: decoded.has(bytes) });
      }
    },
    document: { fonts: { add: () => undefined } },
  });
  return added;
}

describe("the small faces' head script", () => {
  it("adds each face with its bytes, decoded natively or byte by byte", () => {
    const { script, css } = smallFaces("en");
    const native = run(script, true);
    const looped = run(script, false);
    expect(native.map((f) => [f.family, f.native])).toEqual([
      ["Taka Sign", true],
      ["Bangla Label", true],
    ]);
    expect(looped.map(({ native: _, ...face }) => face)).toEqual(native.map(({ native: _, ...face }) => face));
    expect(looped.every((f) => !f.native)).toBe(true);
    // The same bytes as the <noscript> stylesheet's data: URLs, and each a WOFF2 file.
    for (const face of native) {
      expect(face.bytes.subarray(0, 4).toString("latin1")).toBe("wOF2");
      expect(css).toContain(face.bytes.toString("base64"));
    }
    expect(native[1].descriptors).toMatchObject({ weight: "600" });
  });

  it("gives a Bangla page the taka face alone", () => {
    expect(run(smallFaces("bn").script, true).map((f) => f.family)).toEqual(["Taka Sign"]);
  });
});
