// Words for the integrator and words for the user, kept apart (src/components/messages/): what
// names an attribute or a property, or states its rules, goes to `swap-error` and the console
// in English without bidi marks, whatever the widget's language; what the widget shows says
// what is held up, in the user's words, and names no attribute.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseConfig, type ConfigIssue, type RawConfig } from '../../../src/config/config.js';
import { ConfigNotices } from '../../../src/config/notices.js';
import { useLocale } from '../../../src/locales/localize.js';
import '../../../src/locales/es.js';
import {
  configIssueText,
  configIssueUserText,
  configNoticeText,
  executionProblemHostNote,
  executionProblemText,
  refusalText,
} from '../../../src/components/messages.js';
import { refusal } from '../../../src/domain/checks/refusals.js';

const PAGE = 'https://shop.example/pay/';
const errors = (raw: RawConfig) => parseConfig(raw, { pageUrl: PAGE }).errors;

/** Every attribute of the element, and the properties without one: none may appear in the user's words. */
const NAMES = [
  'api-url',
  'api-key',
  'affiliate-fee',
  'affiliate-addresses',
  'sell-asset',
  'buy-asset',
  'sell-amount',
  'source-address',
  'destination-address',
  'lock-addresses',
  'cosmos-rest',
  'thornode-url',
  'mayanode-url',
  'rpc-urls',
  'skip-review',
  'host-signs',
  'poll-interval',
  'decimals property',
  'balances property',
];
const BIDI = /[\u2066-\u2069]/;

/** One issue of each kind the host can cause. */
const ISSUES: ConfigIssue[] = [
  ...errors({ apiUrl: 'ftp://x' }),
  ...errors({ affiliateFee: 'abc' }),
  ...errors({ slippage: '500' }),
  ...errors({ sellAsset: 'nope' }),
  ...errors({ sellAmount: '-1' }),
  ...errors({ destinationAddress: 'bc1-not-an-address', buyAsset: 'ETH.ETH' }),
  ...errors({ theme: 'purple' }),
  ...errors({ rpcUrls: 'ETH=ftp://x' }),
  { field: 'source-address', code: 'address-locked', value: 'bc1q', chain: 'ETH' },
];

describe('words for the host and words for the user', () => {
  before(() => useLocale('es'));
  after(() => useLocale('en'));

  it('every configuration issue has both', () => {
    assert.ok(ISSUES.length >= 9, JSON.stringify(ISSUES));
    for (const i of ISSUES) {
      const host = configIssueText(i);
      const user = configIssueUserText(i);
      assert.ok(host.includes(i.field), `the host is told the attribute: ${host}`);
      assert.doesNotMatch(host, BIDI, host);
      for (const name of NAMES) assert.ok(!user.includes(name), `the user is told ${name}: ${user}`);
    }
  });

  it('the host is told in English in a Spanish widget; the user in Spanish where a translation exists', () => {
    const [fee] = errors({ affiliateFee: 'abc' });
    assert.match(configIssueText(fee!), /must be a whole number of basis points/);
    const [notice] = new ConfigNotices().fresh([], { deprecated: true, sunsetDate: '2027-06-01' });
    assert.equal(
      configNoticeText(notice!),
      'This version of the swap service is deprecated and will be removed on 2027-06-01.',
    );
    // The user's words are made in the widget's language (here Spanish: msg() answers in the locale set).
    const refused = refusalText(refusal('route-expired'));
    assert.notEqual(refused, 'the route has expired');
  });

  it('an untrusted decimals refusal: the user is told what is wrong, the host what to set', () => {
    useLocale('en');
    const r = refusal('token-decimals-untrusted', { asset: 'ETH.TKN-0x01', chain: 'ETH' });
    const user = executionProblemText({ code: 'route-rejected', refusal: r } as Parameters<
      typeof executionProblemText
    >[0]);
    const note = executionProblemHostNote({ code: 'route-rejected', refusal: r } as Parameters<
      typeof executionProblemText
    >[0]);
    assert.match(user, /cannot verify the amounts of/);
    for (const name of ['decimals property', 'rpc-urls', 'the app can']) assert.ok(!user.includes(name), user);
    assert.equal(
      note,
      'No trusted source gives the decimals of ETH.TKN-0x01, so it cannot be sold: set them in the decimals property, or an RPC endpoint for ETH in rpc-urls.',
    );
    const fee = refusal('solana-platform-fee-unconfigured', { bps: 50 });
    assert.doesNotMatch(refusalText(fee), /affiliate-addresses/);
    assert.match(executionProblemHostNote({ code: 'route-rejected', refusal: fee } as never)!, /affiliate-addresses/);
    assert.equal(
      executionProblemHostNote({ code: 'route-rejected', refusal: refusal('route-expired') } as never),
      undefined,
    );
    useLocale('es');
  });

  it('the sell token without decimals is a warning for the host naming both ways to give them', () => {
    const text = configIssueText({ field: 'decimals', code: 'decimals-unknown', value: 'ETH.TKN-0x01' });
    assert.match(text, /decimals of ETH\.TKN-0x01, so it cannot be sold/);
    assert.match(text, /decimals property, or an RPC endpoint for ETH in rpc-urls/);
    assert.doesNotMatch(text, BIDI);
  });
});
