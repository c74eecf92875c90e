import QRCode from "qrcode";

/**
 * A QR code of `text` as an SVG data URL, made on the server so the packing
 * slip prints it without JavaScript. Scanning it gives the text back (the
 * order number the courier or the packer looks up).
 */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
