/** Provider identifiers of the spec, and what the widget needs to know of each. */

export const PROVIDERS = [
  'PROTOCOL_A',
  'PROTOCOL_A_STREAMING',
  'PROTOCOL_B',
  'PROTOCOL_B_STREAMING',
  'PROTOCOL_C',
  'PROTOCOL_C_STREAMING',
  'AGGREGATOR_A',
  'AGGREGATOR_B',
  'PROTOCOL_D',
  'AGGREGATOR_B->PROTOCOL_B',
  'AGGREGATOR_A->PROTOCOL_B',
  'PROTOCOL_B->AGGREGATOR_A',
] as const;

const KNOWN = new Set<string>(PROVIDERS);

export function isKnownProvider(id: string): boolean {
  return KNOWN.has(id);
}

/** The single-provider steps of an identifier (`AGGREGATOR_A->PROTOCOL_B` -> both). */
export function providerSteps(id: string): string[] {
  return id.split('->').map((s) => s.trim()).filter(Boolean);
}

/** Streaming variants split a swap into sub-swaps. */
export function isStreamingProvider(id: string): boolean {
  return id.endsWith('_STREAMING');
}

/** Protocol A, C and their streaming variants: native routes with an inbound address and a memo. */
export function isMemoProvider(id: string): boolean {
  return /^PROTOCOL_[AC](_STREAMING)?$/.test(id);
}

/** Protocol B and its streaming variant: routes through a broker's deposit channel. */
export function isDepositChannelProvider(id: string): boolean {
  return /^PROTOCOL_B(_STREAMING)?$/.test(id);
}

/** A readable name: `PROTOCOL_A_STREAMING` -> `Protocol A (streaming)`. */
export function providerLabel(id: string): string {
  const streaming = isStreamingProvider(id);
  const base = (streaming ? id.slice(0, -'_STREAMING'.length) : id)
    .toLowerCase()
    .split('_')
    .map((w, i) => (i === 0 ? w[0]!.toUpperCase() + w.slice(1) : w.length === 1 ? w.toUpperCase() : w))
    .join(' ');
  return streaming ? `${base} (streaming)` : base;
}
