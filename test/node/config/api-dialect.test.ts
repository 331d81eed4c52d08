/**
 * `api-dialect` and the service a widget speaks: SwapKit's own hosts are recognised, a proxy or a
 * mirror says it (`api-dialect="swapkit"`), anything else is the spec's service; a value that is
 * neither is an error naming the attribute.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseConfig } from '../../../src/config/config.js';
import { SWAPKIT_HOSTS, serviceDialect } from '../../../src/config/values.js';

const PAGE = 'https://shop.example/pay/checkout.html';

describe('the service dialect', () => {
  test("SwapKit's own API is recognised by its host; nothing else is", () => {
    assert.deepEqual(SWAPKIT_HOSTS, ['api.swapkit.dev', 'dev-api.swapkit.dev']);
    assert.equal(serviceDialect('https://api.swapkit.dev'), 'swapkit');
    assert.equal(serviceDialect('https://dev-api.swapkit.dev'), 'swapkit');
    for (const url of [
      'https://api.swapkit.dev.example',
      'https://swapkit.dev',
      'https://api.vultisig.com/swapkit',
      '',
      'not a url',
    ])
      assert.equal(serviceDialect(url), 'spec', url);
  });

  test('api-dialect names it, whatever the host', () => {
    assert.equal(serviceDialect('https://api.vultisig.com/swapkit', 'swapkit'), 'swapkit');
    assert.equal(serviceDialect('https://api.swapkit.dev', 'spec'), 'spec');
    const r = parseConfig({ apiUrl: 'https://api.vultisig.com/swapkit', apiDialect: 'swapkit' }, { pageUrl: PAGE });
    assert.deepEqual([r.errors, r.config.apiDialect], [[], 'swapkit']);
    assert.equal(parseConfig({}, { pageUrl: PAGE }).config.apiDialect, undefined);
  });

  test('any other value is an error of the attribute', () => {
    for (const value of ['SwapKit', 'v1', 'dkit']) {
      const r = parseConfig({ apiDialect: value }, { pageUrl: PAGE });
      assert.deepEqual(r.errors, [{ field: 'api-dialect', code: 'api-dialect', value }]);
      assert.equal(r.config.apiDialect, undefined);
    }
  });
});
