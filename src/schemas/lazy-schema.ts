/**
 * A zod schema built the first time zod reads it (to parse, or inside a schema that parses),
 * not while the widget's module is evaluated. `z.lazy` defers the build too, but each
 * `z.lazy` is itself a zod schema: the fifty of them cost milliseconds of zod's first use
 * before the first render could start. This one is a plain object until then.
 *
 * It stands in for the schema through `_zod`, the internals zod reads of every schema it
 * parses with or nests (`instanceof` checks read the traits there too). A schema that
 * refers to itself would build forever: none does, and none may.
 */
import type * as z from 'zod/mini';

export function lazySchema<T extends z.ZodMiniType>(build: () => T): T {
  let schema: T | undefined;
  return {
    get _zod() {
      return (schema ??= build())._zod;
    },
  } as T;
}
