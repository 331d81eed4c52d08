/**
 * A page's language tags read as the widget's languages (src/locales/localize.ts): regional
 * and legacy tags, right to left, and `locale="auto"`, which picks the visitor's best language
 * among those whose files are on the page. Languages are registered by hand here (empty
 * tables): whether a language is on the page is all `auto` asks.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { targetLocales } from '../../src/locales/locale-codes.js';
import { isAuto, isRtl, localeTag, resolveLocale } from '../../src/locales/localize.js';
import { localeRegistry, registerLocale } from '../../src/locales/registry.js';

/** The 19 languages of issue 34; a branch ships those of lit-localize.json (the others speak English). */
const LANGUAGES = [
  'en',
  'es',
  'fr',
  'de',
  'it',
  'pt',
  'ru',
  'tr',
  'uk',
  'pl',
  'ar',
  'hi',
  'bn',
  'id',
  'vi',
  'th',
  'ja',
  'ko',
  'zh-Hans',
];
const shipped = (l: string) => l === 'en' || (targetLocales as readonly string[]).includes(l);

describe('tags to languages', () => {
  test('the shipped languages are among the 19, and each tag speaks its language', () => {
    for (const l of targetLocales) assert.ok(LANGUAGES.includes(l), l);
    for (const l of LANGUAGES) assert.equal(resolveLocale(l), shipped(l) ? l : 'en', l);
  });

  test('regional, script and legacy tags speak their language', () => {
    const cases: [string, string][] = [
      ['pt-BR', 'pt'],
      ['pt-PT', 'pt'],
      ['pt-AO', 'pt'],
      ['es-419', 'es'],
      ['fr-CA', 'fr'],
      ['de-AT', 'de'],
      ['de-CH', 'de'],
      ['it-CH', 'it'],
      ['pl-PL', 'pl'],
      ['en-GB', 'en'],
      ['ru-UA', 'ru'],
      ['uk-UA', 'uk'],
      ['tr-TR', 'tr'],
      ['ar-EG', 'ar'],
      ['hi-IN', 'hi'],
      ['bn-BD', 'bn'],
      ['bn-IN', 'bn'],
      ['in', 'id'], // Indonesian's withdrawn code, which old Android browsers still send
      ['id-ID', 'id'],
      ['vi-VN', 'vi'],
      ['th-TH', 'th'],
      ['ja-JP', 'ja'],
      ['ko-KR', 'ko'],
      ['zh', 'zh-Hans'],
      ['zh-CN', 'zh-Hans'],
      ['zh-SG', 'zh-Hans'],
      ['zh-Hans-HK', 'zh-Hans'],
      ['PT-br', 'pt'],
    ];
    for (const [tag, language] of cases) assert.equal(resolveLocale(tag), shipped(language) ? language : 'en', tag);
    // Traditional Chinese is not Simplified Chinese; a language the widget does not speak, or no tag, is English.
    for (const tag of ['zh-TW', 'zh-HK', 'zh-Hant', 'sw', 'nl-NL', 'not a tag', '', undefined])
      assert.equal(resolveLocale(tag), 'en', String(tag));
  });

  test('right to left: Arabic alone among the 19', () => {
    assert.deepEqual(
      LANGUAGES.filter((l) => isRtl(l)),
      ['ar'],
    );
    assert.ok(isRtl('ar-EG'));
  });
});

describe('locale="auto"', () => {
  const original = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  const visitor = (languages: string[], language = languages[0] ?? 'en-US') =>
    Object.defineProperty(globalThis, 'navigator', { value: { language, languages }, configurable: true });
  after(() => {
    if (original) Object.defineProperty(globalThis, 'navigator', original);
    else delete (globalThis as { navigator?: unknown }).navigator;
  });
  // Two shipped languages besides English: the first two of lit-localize.json's.
  const [a, b] = targetLocales as readonly string[] as [string, string];

  test('`auto` in any case, and nothing else', () => {
    for (const t of ['auto', 'AUTO', ' Auto ']) assert.ok(isAuto(t), t);
    for (const t of ['autos', 'en', '', undefined, null]) assert.ok(!isAuto(t), String(t));
  });

  test("the first of the visitor's languages whose file is on the page, the visitor's tag kept", () => {
    assert.equal(localeRegistry().locales[a], undefined);
    visitor([`${a}-XX`, `${b}-YY`, 'en-US']);
    // Neither file is on the page: English, the visitor's third choice, with its tag.
    assert.equal(localeTag('auto'), 'en-US');
    registerLocale(b, {});
    assert.equal(localeTag('auto'), `${b}-YY`);
    registerLocale(a, {});
    assert.equal(localeTag('auto'), `${a}-XX`);
    // English before them: English.
    visitor(['en-GB', a]);
    assert.equal(localeTag('auto'), 'en-GB');
  });

  test('a tag the widget has no language for is passed over (zh-TW is not zh-Hans)', () => {
    registerLocale(a, {});
    visitor(['zh-TW', 'sw', `${a}`]);
    assert.equal(localeTag('auto'), a);
  });

  test("none of the visitor's languages: English; no languages list: the browser's language", () => {
    visitor(['sw', 'nl']);
    assert.equal(localeTag('auto'), 'en');
    visitor([], `${a}-ZZ`);
    assert.equal(localeTag('auto'), `${a}-ZZ`);
  });

  test("not `auto`: the tag as written; absent or blank, the browser's language", () => {
    visitor(['de-AT', 'fr'], 'de-AT');
    assert.equal(localeTag('pt-PT'), 'pt-PT');
    assert.equal(localeTag(undefined), 'de-AT');
    assert.equal(localeTag('  '), 'de-AT');
    assert.equal(localeTag(null), 'de-AT');
  });
});
