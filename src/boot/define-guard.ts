/** Defines `tag` unless that name is taken already (the bundle loaded twice, or beside the npm build). */
export function define(tag: string, ctor: CustomElementConstructor): void {
  if (!customElements.get(tag)) customElements.define(tag, ctor);
}

/** Defines each element of `elements` that is not defined yet. */
export function defineAll(elements: Readonly<Record<string, CustomElementConstructor>>): void {
  for (const [tag, ctor] of Object.entries(elements)) define(tag, ctor);
}
