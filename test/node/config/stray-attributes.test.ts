// Attributes a framework wrote from property names (src/config/stray-attributes.ts): React 19
// sets a prop of an element it does not know yet (defined after hydration) as an attribute of
// the prop's name, which HTML lower-cases. Each is a warning naming the attribute meant; the
// element's own attributes and unrelated ones are not.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { strayAttributes, strayNames, type DeclaredProperty } from '../../../src/config/stray-attributes.js';
import { configIssueText } from '../../../src/components/messages.js';

const DECLARED: DeclaredProperty[] = [
  { property: 'affiliate', attribute: 'affiliate' },
  { property: 'affiliateFee', attribute: 'affiliate-fee' },
  { property: 'hostSigns', attribute: 'host-signs' },
  { property: 'sellAsset', attribute: 'sell-asset' },
  { property: 'locale', attribute: 'locale' },
  { property: 'decimals', attribute: false },
  { property: 'balances', attribute: false },
];
const STRAY = strayNames(DECLARED);
const warned = (names: string[]) => strayAttributes(names, STRAY).map((i) => [i.value, i.field, i.property]);

describe('attributes written from property names', () => {
  it('watches every camelCase property lower-cased, and the names of properties that have no attribute', () => {
    assert.deepEqual([...STRAY.keys()], ['affiliatefee', 'hostsigns', 'sellasset', 'decimals', 'balances']);
  });

  it('each is a lowercase-attribute warning naming the attribute meant (a property only: the property)', () => {
    assert.deepEqual(warned(['affiliatefee', 'hostsigns', 'decimals']), [
      ['affiliatefee', 'affiliate-fee', 'affiliateFee'],
      ['hostsigns', 'host-signs', 'hostSigns'],
      ['decimals', 'decimals', 'decimals'],
    ]);
    assert.equal(strayAttributes(['affiliatefee'], STRAY)[0]!.code, 'lowercase-attribute');
  });

  it("the element's own attributes, and any other, are not warned of", () => {
    assert.deepEqual(warned(['affiliate', 'affiliate-fee', 'host-signs', 'locale', 'id', 'class', 'data-x']), []);
  });

  it('in words for the integrator: the attribute seen, the one meant, and the working pattern, in plain text', () => {
    const [fee, decimals] = strayAttributes(['affiliatefee', 'decimals'], STRAY).map(configIssueText);
    assert.match(fee!, /^affiliatefee is not read: a framework wrote affiliateFee as an attribute/);
    assert.match(fee!, /Define it before hydration, or write affiliate-fee\.$/);
    assert.match(decimals!, /wrote decimals as an attribute/);
    assert.match(decimals!, /or set the property\.$/);
    for (const text of [fee!, decimals!]) assert.doesNotMatch(text, /[\u2066-\u2069]/);
  });
});
