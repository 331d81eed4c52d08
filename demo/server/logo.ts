/** Token and provider images: an SVG data URI of a coloured circle with letters (no network). */

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function logoUri(letters: string, color: string): string {
  const text = letters.slice(0, 4).replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
  const size = text.length > 3 ? 9 : text.length > 2 ? 11 : 13;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">` +
    `<circle cx="16" cy="16" r="16" fill="${color}"/>` +
    `<text x="16" y="16" dy="0.35em" font-family="system-ui,sans-serif" font-size="${size}" font-weight="700" text-anchor="middle" fill="#fff">${text}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** A colour derived from a string (for tokens without a brand colour). */
export function colorOf(seed: number): string {
  return `hsl(${seed % 360},${55 + (seed % 25)}%,${38 + (seed % 17)}%)`;
}
