import type { Plugin } from 'rollup';

export const FINGERPRINT_PLACEHOLDER: string;
export function messageSlot(id: string, table: readonly number[]): number;
export function messageOrder(): {
  ids: string[];
  fingerprint: string;
  table: number[];
  slot: Map<string, number>;
};
export function messageCheck(): Plugin;
