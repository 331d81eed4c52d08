/**
 * `lazySchema`: nothing of zod runs until a schema is first read, and then it parses, nests
 * and answers `instanceof` as the schema it builds.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as z from 'zod/mini';
import { lazySchema } from '../../../src/schemas/lazy-schema.js';

describe('lazySchema', () => {
  it('builds its schema once, when zod first reads it', () => {
    let builds = 0;
    const Amount = lazySchema(() => (builds++, z.string().check(z.regex(/^\d+$/))));
    assert.equal(builds, 0);
    assert.equal(z.safeParse(Amount, '12').success, true);
    assert.equal(z.safeParse(Amount, '1.5').success, false);
    assert.equal(builds, 1);
  });

  it('nests in other schemas, lazy or not, with their transforms and optional fields', () => {
    const Amount = lazySchema(() =>
      z.pipe(
        z.string(),
        z.transform((s) => Number(s)),
      ),
    );
    const Leg = lazySchema(() => z.object({ amount: Amount, memo: z.optional(z.string()) }));
    const Legs = z.array(Leg);
    assert.deepEqual(z.parse(Legs, [{ amount: '2' }, { amount: '3', memo: 'm' }]), [
      { amount: 2 },
      { amount: 3, memo: 'm' },
    ]);
    assert.equal(z.safeParse(Legs, [{ amount: 2 }]).success, false);
  });

  it('is an instance of the kind of schema it builds', () => {
    const Text = lazySchema(() => z.string());
    assert.ok(Text instanceof z.ZodMiniString);
    assert.ok(!(Text instanceof z.ZodMiniNumber));
  });
});
