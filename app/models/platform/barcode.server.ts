import bwipjs from "bwip-js/node";

/**
 * A Code 128 barcode of `text` as an SVG data URL, made on the server so a label prints it without
 * JavaScript (decision 096). Code 128 because every courier's hub scanner reads it and it carries
 * letters as well as digits (RedX and Pathao ids have both).
 */
export function barcodeDataUrl(text: string): string {
  const svg = bwipjs.toSVG({ bcid: "code128", text, height: 12, includetext: true, textxalign: "center", paddingwidth: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
