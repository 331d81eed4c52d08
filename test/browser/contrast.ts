/**
 * WCAG contrast of what the browser drew: colours as `getComputedStyle` gives them
 * (`rgb(…)`/`rgba(…)`), and the background a text sits on, found up the flat tree.
 */

type Rgba = [number, number, number, number];

export function parseColor(c: string): Rgba {
  const n = (c.match(/[\d.]+/g) ?? []).map(Number);
  if (!/^rgba?\(/.test(c) || n.length < 3) throw new Error(`not an rgb() colour: ${c}`);
  return [n[0]!, n[1]!, n[2]!, n[3] ?? 1];
}

function luminance([r, g, b]: Rgba): number {
  const lin = (v: number) => ((v /= 255) <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The contrast ratio of two opaque colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(parseColor(a)), luminance(parseColor(b))];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** The first opaque background at or above an element, through shadow roots. */
export function backdrop(el: Element): string {
  for (let n: Element | null = el; n; n = n.parentElement ?? ((n.getRootNode() as ShadowRoot).host || null)) {
    const bg = getComputedStyle(n).backgroundColor;
    if (parseColor(bg)[3] === 1) return bg;
  }
  return getComputedStyle(document.body).backgroundColor;
}

/** The contrast of an element's text (or of one of its pseudo-elements, `::placeholder`) on what it sits on. */
export function textContrast(el: Element, pseudo?: string): number {
  return contrast(getComputedStyle(el, pseudo).color, backdrop(el));
}
