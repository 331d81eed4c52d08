/**
 * Attributes a framework wrote from property names, which the widget does not read. React 19
 * sets a prop on a custom element as a property when the element defines it, else as an
 * attribute under the prop's own name (https://react.dev/reference/react-dom/components#custom-html-elements);
 * an element defined after a server-rendered page is hydrated so gets `affiliatefee="30"`
 * (HTML lower-cases attribute names) and its fee stays 0, or `decimals="[object Object]"`.
 * Each such attribute is a `lowercase-attribute` warning naming the attribute meant (for a
 * property only, the property). Plain TypeScript.
 */
import type { ConfigIssue } from './config.js';

/** A property of the element and its attribute (false: a property only). */
export interface DeclaredProperty {
  readonly property: string;
  /** The attribute's name; false when the property has none. */
  readonly attribute: string | false;
}

/** The lower-cased property names that are not the element's attributes: the names to watch for. */
export function strayNames(declared: readonly DeclaredProperty[]): Map<string, DeclaredProperty> {
  const attributes = new Set(declared.flatMap((d) => (d.attribute === false ? [] : [d.attribute])));
  const out = new Map<string, DeclaredProperty>();
  for (const d of declared) {
    const lower = d.property.toLowerCase();
    if (!attributes.has(lower)) out.set(lower, d);
  }
  return out;
}

/** The warnings for the stray attributes among `present` (the element's attribute names), in the order given. */
export function strayAttributes(
  present: Iterable<string>,
  stray: ReadonlyMap<string, DeclaredProperty>,
): ConfigIssue[] {
  const out: ConfigIssue[] = [];
  for (const name of present) {
    const d = stray.get(name.toLowerCase());
    if (!d) continue;
    out.push({
      field: d.attribute === false ? d.property : d.attribute,
      code: 'lowercase-attribute',
      value: name.toLowerCase(),
      property: d.property,
    });
  }
  return out;
}
