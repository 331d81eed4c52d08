/**
 * Selecting through shadow roots, so no test walks them by hand
 * (`a.shadowRoot!.querySelector('b')!.shadowRoot!.querySelector('c')`).
 *
 * A path is a list of selectors. The first is searched in `from`'s shadow root (or in
 * `from` itself when it has none: a document, a fragment, a light-DOM element); each next
 * one in the shadow root of the element the previous one found, or inside that element when
 * it renders into the light DOM (the route list, the execution view):
 *
 *     deepQuery(widget, 'swap-quote-form', '#amount')
 *     deepQueryAll(widget, 'swap-quote-form', 'swap-token-picker', '[role="option"]')
 */

type Scope = Element | ShadowRoot | Document | DocumentFragment;

function inside(node: Scope): ParentNode {
  // By node type, not `instanceof`: a widget in a same-origin iframe is of another realm.
  return node.nodeType === Node.ELEMENT_NODE ? ((node as Element).shadowRoot ?? (node as Element)) : node;
}

/** Where the last selector of `path` is searched, or null when a step finds nothing. */
function scopeOf(from: Scope, path: readonly string[]): ParentNode | null {
  let scope = inside(from);
  for (const selector of path) {
    const found = scope.querySelector(selector);
    if (!found) return null;
    scope = inside(found);
  }
  return scope;
}

/** The first element at the end of `path`, or null. */
export function deepQuery<E extends Element = HTMLElement>(from: Scope, ...path: [...string[], string]): E | null {
  return scopeOf(from, path.slice(0, -1))?.querySelector<E>(path.at(-1)!) ?? null;
}

/** Every element at the end of `path` (the steps before it take their first match). */
export function deepQueryAll<E extends Element = HTMLElement>(from: Scope, ...path: [...string[], string]): E[] {
  return [...(scopeOf(from, path.slice(0, -1))?.querySelectorAll<E>(path.at(-1)!) ?? [])];
}

/** The shadow root of the element at the end of `path` (of `from` itself without a path). */
export function deepRoot(from: Element, ...path: string[]): ShadowRoot | null {
  const el = path.length ? deepQuery(from, ...(path as [string])) : from;
  return el?.shadowRoot ?? null;
}

/** The focused element, followed into every shadow root it sits in. */
export function deepActiveElement(root: Document | ShadowRoot = document): Element | null {
  let active = root.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}
