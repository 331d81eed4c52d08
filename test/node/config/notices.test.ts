// What the integrator is told and the user never sees (src/config/notices.ts): the
// configuration's warnings become `config-warning` with the attribute as `field`, the
// service's deprecation notice `deprecated`; each value once; none holds quoting.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseConfig, type RawConfig } from '../../../src/config/config.js';
import { ConfigNotices } from '../../../src/config/notices.js';
import { configNoticeText } from '../../../src/components/messages.js';

const PAGE = 'https://shop.example/pay/';
const warnings = (raw: RawConfig) => {
  const r = parseConfig(raw, { pageUrl: PAGE });
  assert.deepEqual(r.errors, [], 'a warning is not an error: quoting goes on');
  return r.warnings;
};
const told = (notices: ConfigNotices, raw: RawConfig, deprecation?: Parameters<ConfigNotices['fresh']>[1]) =>
  notices.fresh(warnings(raw), deprecation).map((n) => (n.code === 'config-warning' ? `${n.code} ${n.field}` : n.code));

describe('notices for the integrator', () => {
  it('an affiliate name of 4 characters is a config-warning naming the attribute; 3 is not', () => {
    assert.deepEqual(told(new ConfigNotices(), { affiliate: 'abcd', affiliateFee: 10 }), ['config-warning affiliate']);
    assert.deepEqual(told(new ConfigNotices(), { affiliate: 'abc', affiliateFee: 10 }), []);
  });

  it('a fee without an affiliate is a config-warning naming affiliate-fee', () => {
    assert.deepEqual(told(new ConfigNotices(), { affiliateFee: 30 }), ['config-warning affiliate-fee']);
  });

  it('each value is told once per widget; another value is told again', () => {
    const notices = new ConfigNotices();
    assert.deepEqual(told(notices, { affiliate: 'abcd' }), ['config-warning affiliate']);
    assert.deepEqual(told(notices, { affiliate: 'abcd' }), []);
    assert.deepEqual(told(notices, { affiliate: 'abcde' }), ['config-warning affiliate']);
    assert.deepEqual(told(notices, { affiliate: 'abcd' }), [], 'a value told before is not told again');
    // Another widget tells its own.
    assert.deepEqual(told(new ConfigNotices(), { affiliate: 'abcd' }), ['config-warning affiliate']);
  });

  it("the service's deprecation notice is `deprecated`, once per notice", () => {
    const notices = new ConfigNotices();
    const notice = { deprecated: true, sunsetDate: '2027-06-01' };
    assert.deepEqual(told(notices, {}, notice), ['deprecated']);
    assert.deepEqual(told(notices, {}, { ...notice }), []);
    assert.deepEqual(told(notices, {}, { deprecated: true, sunsetDate: '2027-09-01' }), ['deprecated']);
    assert.deepEqual(told(notices, {}, undefined), []);
  });

  it('in words for the console and swap-error (plain text: no bidi marks): the value and why, the date of the end', () => {
    const [affiliate] = new ConfigNotices().fresh(warnings({ affiliate: 'partner' }));
    assert.match(configNoticeText(affiliate!), /affiliate name "partner" is longer than 3 characters/);
    const [deprecated] = new ConfigNotices().fresh([], { deprecated: true, sunsetDate: '2027-06-01' });
    assert.match(configNoticeText(deprecated!), /deprecated and will be removed on 2027-06-01\./);
    const [plain] = new ConfigNotices().fresh([], { deprecated: true });
    assert.equal(configNoticeText(plain!), 'This version of the swap service is deprecated.');
  });
});
