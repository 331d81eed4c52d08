/**
 * Provider identifiers, in both spellings: the spec's neutral names (`PROTOCOL_A`…) and the
 * names the real service answers with (`THORCHAIN`…). A name says what to call a provider and,
 * for the few protocols the widget drives itself, which family it belongs to; it never decides
 * alone how a route is carried out: the route's shape does (`checks/route.ts`). An unknown name
 * is shown as written.
 *
 * Plain TypeScript; no DOM.
 */

/**
 * What the widget knows of a provider family:
 * - `memo`: a native protocol (A and its fork C) whose routes send to an inbound address with a memo;
 * - `broker`: the broker protocol (B) whose routes go through a deposit channel the service opens;
 * - `dex`: an exchange or aggregator whose routes carry a transaction;
 * - `atomic`: an atomic-swap protocol (D).
 */
export type ProviderRole = 'memo' | 'broker' | 'dex' | 'atomic';

interface Family {
  readonly role: ProviderRole;
  /** For a memo protocol: which one reads its memos (A, or its fork C; their short codes differ). */
  readonly memo?: 'A' | 'C';
  /** Every name of the family, neutral and real, each with its label. */
  readonly names: Readonly<Record<string, string>>;
}

/**
 * Both spellings of every family the widget has a name for. Real names are those of the real
 * service's provider enumeration (docs/service.md).
 */
const FAMILIES: readonly Family[] = [
  { role: 'memo', memo: 'A', names: { PROTOCOL_A: 'Protocol A', THORCHAIN: 'THORChain' } },
  { role: 'memo', memo: 'C', names: { PROTOCOL_C: 'Protocol C', MAYACHAIN: 'Maya Protocol' } },
  { role: 'broker', names: { PROTOCOL_B: 'Protocol B', CHAINFLIP: 'Chainflip' } },
  { role: 'dex', names: { AGGREGATOR_A: 'Aggregator A', ONEINCH: '1inch' } },
  { role: 'dex', names: { AGGREGATOR_B: 'Aggregator B', JUPITER: 'Jupiter' } },
  { role: 'atomic', names: { PROTOCOL_D: 'Protocol D', GARDEN: 'Garden' } },
  { role: 'dex', names: { NEAR: 'NEAR Intents' } },
  { role: 'dex', names: { OKX: 'OKX' } },
  { role: 'dex', names: { CAMELOT_V3: 'Camelot V3' } },
  { role: 'dex', names: { CAVIAR_V1: 'Caviar V1' } },
  { role: 'dex', names: { OCISWAP_V1: 'Ociswap V1' } },
  { role: 'dex', names: { OPENOCEAN_V2: 'OpenOcean V2' } },
  { role: 'dex', names: { PANCAKESWAP: 'PancakeSwap' } },
  { role: 'dex', names: { PANGOLIN_V1: 'Pangolin V1' } },
  { role: 'dex', names: { SUSHISWAP_V2: 'SushiSwap V2' } },
  { role: 'dex', names: { TRADERJOE_V2: 'Trader Joe V2' } },
  { role: 'dex', names: { UNISWAP_V2: 'Uniswap V2' } },
  { role: 'dex', names: { UNISWAP_V3: 'Uniswap V3' } },
];

const BY_NAME: ReadonlyMap<string, { family: Family; label: string }> = new Map(
  FAMILIES.flatMap((family) => Object.entries(family.names).map(([name, label]) => [name, { family, label }] as const)),
);

const STREAMING = '_STREAMING';

/** A single step's name without its streaming suffix, and whether it had one. */
function base(step: string): { name: string; streaming: boolean } {
  const streaming = step.length > STREAMING.length && step.endsWith(STREAMING);
  return { name: streaming ? step.slice(0, -STREAMING.length) : step, streaming };
}

/** The family of a single step (`THORCHAIN_STREAMING` -> protocol A's), if the widget knows it. */
function familyOf(step: string): Family | undefined {
  return BY_NAME.get(base(step).name)?.family;
}

/** The single-provider steps of an identifier (`AGGREGATOR_A->PROTOCOL_B` -> both). */
export function providerSteps(id: string): string[] {
  return id
    .split('->')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Every step of the identifier is a provider the widget has a name for (either spelling). */
export function isKnownProvider(id: string): boolean {
  const steps = providerSteps(id);
  return steps.length > 0 && steps.every((s) => familyOf(s) !== undefined);
}

/** The role of a single-step identifier's family, undefined for an unknown name or a multi-step one. */
export function providerRole(id: string): ProviderRole | undefined {
  const steps = providerSteps(id);
  return steps.length === 1 ? familyOf(steps[0]!)?.role : undefined;
}

/**
 * Which memo protocol reads the memo of a route with these providers: `A` when its memo steps
 * are all protocol A's (`PROTOCOL_A`, `THORCHAIN`, streaming or not), `C` when all its fork's;
 * undefined when it has none, or steps of both.
 */
export function memoProtocol(providers: readonly string[]): 'A' | 'C' | undefined {
  const found = new Set<'A' | 'C'>();
  for (const step of providers.flatMap(providerSteps)) {
    const memo = familyOf(step)?.memo;
    if (memo) found.add(memo);
  }
  return found.size === 1 ? [...found][0] : undefined;
}

/** Streaming variants split a swap into sub-swaps. */
export function isStreamingProvider(id: string): boolean {
  return providerSteps(id).some((s) => base(s).streaming);
}

/** The broker protocol (`PROTOCOL_B` or `CHAINFLIP`), streaming or not: its routes go through a deposit channel. */
export function isDepositChannelProvider(id: string): boolean {
  return providerRole(id) === 'broker';
}

/**
 * A readable name: `PROTOCOL_A_STREAMING` -> `Protocol A (streaming)`, `CHAINFLIP` ->
 * `Chainflip`, `ONEINCH->CHAINFLIP` -> `1inch → Chainflip`. A name the widget does not know is
 * shown as written; this never throws.
 */
export function providerLabel(id: string): string {
  const steps = providerSteps(String(id));
  if (!steps.length) return String(id);
  return steps
    .map((step) => {
      const { name, streaming } = base(step);
      const known = BY_NAME.get(name);
      if (!known) return step;
      return streaming ? `${known.label} (streaming)` : known.label;
    })
    .join(' → ');
}
