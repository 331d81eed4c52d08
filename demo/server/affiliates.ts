/**
 * Where the reference service pays an affiliate's fee when the transaction it builds carries
 * the fee itself (a Jupiter platform fee, paid into a token account of the swap's input or
 * output mint): the owner of those token accounts, by affiliate name. A real service knows
 * its partners' accounts; here one fixed owner stands in for each name it knows (a
 * deterministic address, `seededAddress('affiliate-fee-owner:<name>')`), and an affiliate it
 * does not know gets no platform fee. The playground's widget (`affiliate="sw"`) names the
 * same owner in `affiliate-addresses`.
 */
export const AFFILIATE_SOLANA_OWNERS: Readonly<Record<string, string>> = {
  sw: 'GxukoS7PDk37w8hqHRX6i5gXoxifyn7TCbiHGgxzUMHe',
};

/** The largest Jupiter platform fee: `platform_fee_bps` is a u8 (jup-ag/jupiter-cpi `idl.json`). */
export const MAX_PLATFORM_FEE_BPS = 255;
