/**
 * Defines a custom element unless that name is taken already, so loading the bundle twice
 * (two script tags, or the bundle beside the npm build) is harmless.
 */
export function define(tag: string, ctor: CustomElementConstructor): void {
  if (!customElements.get(tag)) customElements.define(tag, ctor);
}
