import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  EMPTY_DRAFT,
  MAX_WHOLE_DIGITS,
  checkDraft,
  holdReason,
  hostValue,
  type Draft,
} from '../../../../src/domain/quotes/draft.js';
import { buildQuoteRequest } from '../../../../src/domain/quotes/request.js';

const ETH_ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const draft = (amount: string, slippage = '1'): Draft => ({
  ...EMPTY_DRAFT,
  sellAsset: 'BTC.BTC',
  buyAsset: 'ETH.ETH',
  amount,
  slippage,
  destinationAddress: ETH_ADDRESS,
});
const BTC = { symbol: 'BTC', decimals: 8 };
const request = (d: Draft, locale: string) =>
  buildQuoteRequest(d, checkDraft(d, BTC, locale), { affiliateFee: 0 }, locale);

describe('the draft read in the widget’s locale', () => {
  test('English: 1,000 asks for one thousand; 1,000.5, .5 and 5. are asked for as they read', () => {
    assert.equal(request(draft('1,000'), 'en')?.sellAmount, '1000');
    assert.equal(request(draft('1,000.5'), 'en')?.sellAmount, '1000.5');
    assert.equal(request(draft('.5'), 'en')?.sellAmount, '0.5');
    assert.equal(request(draft('5.'), 'en')?.sellAmount, '5');
    assert.equal(request(draft(' 0.10 '), 'en')?.sellAmount, '0.1');
  });

  test('a grouping separator out of place is a problem with the locale’s marks, and asks for nothing', () => {
    assert.deepEqual(checkDraft(draft('1,5'), BTC, 'en').amount, { code: 'amount-grouping', group: ',', point: '.' });
    assert.equal(request(draft('1,5'), 'en'), undefined);
    assert.deepEqual(checkDraft(draft('1.5'), BTC, 'es').amount, { code: 'amount-grouping', group: '.', point: ',' });
  });

  test('Spanish: the comma is the point, the dot groups', () => {
    assert.equal(request(draft('1,5'), 'es')?.sellAmount, '1.5');
    assert.equal(request(draft('1.000'), 'es')?.sellAmount, '1000');
  });

  test('French: a dot that could be either is refused as ambiguous', () => {
    assert.deepEqual(checkDraft(draft('1.000'), BTC, 'fr').amount, {
      code: 'amount-ambiguous',
      mark: '.',
      group: '\u202f',
      point: ',',
    });
    assert.equal(request(draft('1.000'), 'fr'), undefined);
    assert.equal(request(draft('1\u00a0000,5'), 'fr')?.sellAmount, '1000.5');
  });

  test('the host is told the decimal a field reads as (so setting it again is obeyed); as typed while unreadable; other fields as they are', () => {
    const d = { ...EMPTY_DRAFT, amount: '1,000', slippage: '0,5', destinationAddress: 'x,y' };
    assert.equal(hostValue(d, 'amount', 'en'), '1000');
    assert.equal(hostValue(d, 'slippage', 'es'), '0.5');
    assert.equal(hostValue(d, 'slippage', 'en'), '0,5', 'unreadable in English: as typed');
    assert.equal(hostValue({ ...d, amount: '١٬٠٠٠٫٥' }, 'amount', 'ar'), '1000.5');
    assert.equal(hostValue(d, 'destinationAddress', 'en'), 'x,y');
  });

  test('Arabic-Indic and Persian digits', () => {
    assert.equal(request(draft('١٬٠٠٠٫٥'), 'ar')?.sellAmount, '1000.5');
    assert.equal(request(draft('۰٫۲۵'), 'fa')?.sellAmount, '0.25');
  });

  test('bad text is a format problem, the example written with the locale’s point', () => {
    assert.deepEqual(checkDraft(draft('abc'), BTC, 'en').amount, { code: 'amount-format', point: '.' });
    assert.deepEqual(checkDraft(draft('1e5'), BTC, 'es').amount, { code: 'amount-format', point: ',' });
    assert.equal(checkDraft(draft(''), BTC, 'en').amount, undefined);
  });

  test("the asset's decimals count the digits read: 8 pass for BTC, 9 do not (grouped or not)", () => {
    assert.equal(checkDraft(draft('1,000.12345678'), BTC, 'en').amount, undefined);
    assert.deepEqual(checkDraft(draft('1,000.123456789'), BTC, 'en').amount, {
      code: 'amount-decimals',
      symbol: 'BTC',
      decimals: 8,
    });
    assert.deepEqual(checkDraft(draft('0,123456789'), BTC, 'es').amount, {
      code: 'amount-decimals',
      symbol: 'BTC',
      decimals: 8,
    });
  });

  test(`at most ${MAX_WHOLE_DIGITS} whole digits, counted without the grouping separators`, () => {
    const grouped = (digits: number) =>
      Number(`1e${digits - 1}`).toLocaleString('en', { useGrouping: true, maximumFractionDigits: 0 });
    assert.equal(checkDraft(draft(grouped(MAX_WHOLE_DIGITS)), BTC, 'en').amount, undefined);
    assert.deepEqual(checkDraft(draft(grouped(MAX_WHOLE_DIGITS + 1)), BTC, 'en').amount, {
      code: 'amount-too-large',
      digits: MAX_WHOLE_DIGITS,
    });
  });

  test('a zero amount, written in the locale, holds the quote with its reason', () => {
    const d = draft('0,0');
    assert.deepEqual(holdReason(d, checkDraft(d, BTC, 'es'), false, 'es'), { code: 'amount-zero' });
  });
});

describe('the slippage read as the amount is', () => {
  test('.5 and 0,5 (Spanish) are half a percent', () => {
    assert.equal(request(draft('1', '.5'), 'en')?.slippage, 0.5);
    assert.equal(request(draft('1', '0,5'), 'es')?.slippage, 0.5);
    assert.equal(request(draft('1', '٠٫٥'), 'ar')?.slippage, 0.5);
  });

  test('0,5 in English is a grouping problem, never 0.5 nor 5', () => {
    assert.deepEqual(checkDraft(draft('1', '0,5'), BTC, 'en').slippage, {
      code: 'amount-grouping',
      group: ',',
      point: '.',
    });
    assert.equal(request(draft('1', '0,5'), 'en'), undefined);
  });

  test('read in the locale, then judged as a percent: 99.99 passes, 100 is too high; 0.01 passes, 0.009 is too low; nothing or not a number is refused', () => {
    assert.equal(checkDraft(draft('1', '99.99'), BTC, 'en').slippage, undefined);
    assert.equal(checkDraft(draft('1', '99,99'), BTC, 'es').slippage, undefined);
    assert.deepEqual(checkDraft(draft('1', '100'), BTC, 'en').slippage, { code: 'slippage-too-high' });
    assert.equal(checkDraft(draft('1', '0.01'), BTC, 'en').slippage, undefined);
    assert.deepEqual(checkDraft(draft('1', '0,009'), BTC, 'es').slippage, { code: 'slippage-too-low' });
    for (const s of ['', 'abc', '-1'])
      assert.deepEqual(checkDraft(draft('1', s), BTC, 'en').slippage, { code: 'slippage-format' }, s);
  });
});
