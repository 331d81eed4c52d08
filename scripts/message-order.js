// How the script-tag build keys the messages (issue 34). lit-localize keys a message by `s` and
// 16 hex digits of a hash of its English text; kept in the language files (even cut to 9
// characters) those ids were about 3.5 kB of each file's 12 kB gzip, and incompressible. So a
// language file of dist/ holds no id: it is an array, the message set's fingerprint first, then
// a table of about one small number per four messages, then the messages, each at the slot the
// table gives its id (a minimal perfect hash, "hash and displace": `messageSlot` below and in
// src/locales/registry.ts, the same function). The core computes each message's id as
// lit-localize does, and the slot from it; it reads a numbered language only when the file's
// fingerprint is its own (written into it by `messageCheck()`), so a slot always holds the
// message asked for, or nothing (a message left untranslated: English).
// The message set is the XLIFF files' (every message of the code, translated or not). A msg()
// call of the core whose message is not in it (the code changed since `npm run localize`) would
// be given some other message's slot: the core build marks such a call to show English.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { generateMsgId } from '@lit/localize/internal/id-generation.js';

/** The placeholder of src/locales/registry.ts that the core build replaces with the fingerprint. */
export const FINGERPRINT_PLACEHOLDER = '__SWAP_WIDGET_MESSAGES__';

/** The slot of message `id` for a language's `table` ([slots, displacement of each bucket...]); as in registry.ts. */
export function messageSlot(id, table) {
  const x = table[1 + (parseInt(id.slice(1, 9), 16) % (table.length - 1))];
  let h = Math.imul(parseInt(id.slice(9, 17), 16) ^ Math.imul(x, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 13;
  return (h >>> 0) % table[0];
}

/**
 * The message set: `ids` (sorted), `fingerprint` (8 hex digits of them), `table` (see the top of
 * this file) and `slot` (id to slot). Throws when the XLIFF files do not hold the same messages.
 */
export function messageOrder() {
  const config = JSON.parse(readFileSync('lit-localize.json', 'utf8'));
  const dir = resolve(config.interchange.xliffDir);
  let ids;
  let first;
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.xlf'))) {
    const found = [...readFileSync(join(dir, name), 'utf8').matchAll(/<trans-unit id="([^"]+)"/g)].map((m) => m[1]);
    found.sort();
    if (!ids) {
      ids = found;
      first = name;
    } else if (found.join() !== ids.join()) {
      throw new Error(`${name} and ${first} do not hold the same messages: run npm run localize`);
    }
  }
  if (!ids) throw new Error(`no XLIFF file in ${dir}`);
  if (new Set(ids).size !== ids.length) throw new Error(`${first} holds a message twice`);
  const fingerprint = createHash('sha256').update(ids.join('\n')).digest('hex').slice(0, 8);
  const table = slotTable(ids);
  const slot = new Map(ids.map((id) => [id, messageSlot(id, table)]));
  if (new Set(slot.values()).size !== ids.length) throw new Error('two messages share a slot');
  return { ids, fingerprint, table, slot };
}

/** Buckets of about four messages; each bucket's displacement is the first that puts its messages in free slots. */
function slotTable(ids) {
  const slots = ids.length + Math.ceil(ids.length / 8);
  const buckets = Math.ceil(ids.length / 4);
  const table = [slots, ...Array(buckets).fill(0)];
  const members = Array.from({ length: buckets }, () => []);
  for (const id of ids) members[parseInt(id.slice(1, 9), 16) % buckets].push(id);
  const taken = new Set();
  const order = [...members.keys()].sort((a, b) => members[b].length - members[a].length || a - b);
  for (const b of order) {
    for (let x = 0; ; x++) {
      if (x > 1e6) throw new Error('no displacement found');
      table[1 + b] = x;
      const at = members[b].map((id) => messageSlot(id, table));
      if (new Set(at).size === at.length && at.every((s) => !taken.has(s))) {
        at.forEach((s) => taken.add(s));
        break;
      }
    }
  }
  return table;
}

/**
 * The rollup plugin of the core builds: writes the message set's fingerprint into
 * src/locales/registry.ts, and marks a msg() call whose message is not in the set (`msg(<text>,
 * 0)`: English, whatever the language) so that no slot is read for it. The bundles are made
 * from tsc's output, so the calls are JavaScript: `msg('…')`, msg(`…`) or msg(str`…${x}…`).
 */
export function messageCheck() {
  let order;
  return {
    name: 'message-check',
    buildStart() {
      order = messageOrder();
    },
    transform(code, id) {
      if (id.includes('node_modules')) return null;
      let out = code;
      if (code.includes(FINGERPRINT_PLACEHOLDER)) out = out.split(FINGERPRINT_PLACEHOLDER).join(order.fingerprint);
      if (!code.includes('@lit/localize')) return out === code ? null : { code: out, map: null };
      const ast = this.parse(code);
      let msgName;
      let strName;
      for (const node of ast.body) {
        if (node.type !== 'ImportDeclaration' || node.source.value !== '@lit/localize') continue;
        for (const s of node.specifiers) {
          if (s.type !== 'ImportSpecifier') continue;
          if (s.imported.name === 'msg') msgName = s.local.name;
          if (s.imported.name === 'str') strName = s.local.name;
        }
      }
      if (!msgName) return out === code ? null : { code: out, map: null };
      const unknown = [];
      const visit = (node) => {
        if (!node || typeof node.type !== 'string') return;
        if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === msgName) {
          const strings = templateStrings(node.arguments[0], strName);
          if (strings === undefined) this.error(`${id}: a msg() whose text is not written out`);
          if (node.arguments.length !== 1) this.error(`${id}: a msg() with options`);
          if (!order.slot.has(generateMsgId(strings, false))) {
            unknown.push(node.arguments[0].end);
            this.warn(
              `${id}: a message not in the XLIFF files, shown in English (run npm run localize): ${[strings].flat()[0]}`,
            );
          }
        }
        for (const key of Object.keys(node)) {
          const value = node[key];
          if (Array.isArray(value)) value.forEach(visit);
          else if (value && typeof value === 'object') visit(value);
        }
      };
      visit(ast);
      if (out !== code && unknown.length) this.error(`${id}: the fingerprint placeholder beside msg() calls`);
      for (const at of unknown.sort((a, b) => b - a)) out = `${out.slice(0, at)},0${out.slice(at)}`;
      return out === code ? null : { code: out, map: null };
    },
  };
}
/** What lit-localize hashes for a msg() argument: the text, or a str`` template's strings. */
function templateStrings(arg, strName) {
  if (arg?.type === 'Literal' && typeof arg.value === 'string') return arg.value;
  if (arg?.type === 'TemplateLiteral' && arg.expressions.length === 0) return arg.quasis[0].value.cooked;
  if (arg?.type === 'TaggedTemplateExpression' && arg.tag.type === 'Identifier' && arg.tag.name === strName)
    return arg.quasi.quasis.map((q) => q.value.cooked);
  return undefined;
}
