/**
 * Compiles the test contracts in test/evm/contracts/ with solc-js (the `solc` npm package, pinned in
 * package.json). The compiler is the emscripten build `soljson.js` shipped inside that npm tarball:
 * nothing is downloaded, and the version used is whatever that package bundles (checked below).
 *
 * Compilation takes ~2-3 s, so it is done at test start by ./node.ts (no committed artifacts). The
 * output is cached outside the repository, in $TMPDIR/swap-widget-solc-cache/<sha256 of compiler
 * version + settings + sources>.json, so later runs skip it (~0 s); set SOLC_NO_CACHE=1 to bypass.
 * Run directly to check the sources compile and see sizes/timing:
 *
 *   node --import tsx test/evm/compile.ts
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import type { Abi, Hex } from 'viem';

const here = dirname(fileURLToPath(import.meta.url));
export const CONTRACTS_DIR = join(here, 'contracts');

/** solc version the sources are compiled with; must match the `solc` devDependency. */
export const SOLC_VERSION = '0.8.28';
/** `paris`: no PUSH0/MCOPY/transient storage, so any node with a post-merge hardfork runs it. */
export const EVM_VERSION = 'paris';

export interface CompiledContract {
  abi: Abi;
  bytecode: Hex;
}

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
}

interface Solc {
  version(): string;
  compile(input: string): string;
}

let cache: Record<string, CompiledContract> | undefined;

/** Compiles every `*.sol` in test/evm/contracts/; returns contracts by name (memoised per process). */
export function compileContracts(): Record<string, CompiledContract> {
  if (cache) return cache;
  const sources: Record<string, { content: string }> = {};
  for (const file of readdirSync(CONTRACTS_DIR)
    .filter((f) => f.endsWith('.sol'))
    .sort()) {
    sources[file] = { content: readFileSync(join(CONTRACTS_DIR, file), 'utf8') };
  }
  const input = {
    language: 'Solidity',
    sources,
    settings: {
      evmVersion: EVM_VERSION,
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  // solc is CommonJS without types: loaded with require so that ESM interop is not an issue.
  const require = createRequire(import.meta.url);
  const installed = (require('solc/package.json') as { version: string }).version;
  const cacheDir = join(tmpdir(), 'swap-widget-solc-cache');
  const key = createHash('sha256')
    .update(JSON.stringify([installed, input]))
    .digest('hex');
  const cacheFile = join(cacheDir, `${key}.json`);
  if (!process.env.SOLC_NO_CACHE) {
    try {
      cache = JSON.parse(readFileSync(cacheFile, 'utf8')) as Record<string, CompiledContract>;
      return cache;
    } catch {
      // not cached yet (or unreadable): compile
    }
  }
  const solc = require('solc') as Solc;
  const version = solc.version();
  if (!version.startsWith(`${SOLC_VERSION}+`)) {
    throw new Error(`solc-js is ${version}, expected ${SOLC_VERSION} (see test/evm/compile.ts)`);
  }
  // No import callback: the sources only import each other (all passed in `sources`).
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) {
    throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  }
  const out: Record<string, CompiledContract> = {};
  for (const contracts of Object.values(output.contracts ?? {})) {
    for (const [name, c] of Object.entries(contracts)) {
      if (!c.evm.bytecode.object) continue; // interfaces / abstract contracts
      out[name] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
    }
  }
  cache = out;
  try {
    mkdirSync(cacheDir, { recursive: true });
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(out));
    renameSync(tmp, cacheFile); // atomic: concurrent runs never read a half-written file
  } catch {
    // the cache is only an optimisation
  }
  return out;
}

/** Compiled contract by name; throws if it is not among the sources. */
export function contract(name: string): CompiledContract {
  const c = compileContracts()[name];
  if (!c) throw new Error(`no contract ${name} in ${CONTRACTS_DIR}`);
  return c;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const t0 = performance.now();
  const compiled = compileContracts();
  const ms = Math.round(performance.now() - t0);
  for (const [name, c] of Object.entries(compiled)) {
    console.log(`${name}: ${(c.bytecode.length - 2) / 2} bytes, ${c.abi.length} ABI entries`);
  }
  console.log(`compiled with solc ${SOLC_VERSION} (evm ${EVM_VERSION}) in ${ms} ms`);
}
