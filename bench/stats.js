// Small numeric helpers of the bench.

/** Median of the finite numbers of a list (undefined when there are none). */
export function median(values) {
  const v = values.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return undefined;
  const m = v.length >> 1;
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

/** Nearest-rank percentile (p in 0..100) of the finite numbers of a list. */
export function percentile(values, p) {
  const v = values.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return undefined;
  return v[Math.min(v.length - 1, Math.max(0, Math.ceil((p / 100) * v.length) - 1))];
}

export function max(values) {
  const v = values.filter((x) => typeof x === 'number' && Number.isFinite(x));
  return v.length ? Math.max(...v) : undefined;
}

export function min(values) {
  const v = values.filter((x) => typeof x === 'number' && Number.isFinite(x));
  return v.length ? Math.min(...v) : undefined;
}

/** Median of each numeric field over a list of objects with the same fields. */
export function medianOf(objects) {
  const out = {};
  const keys = new Set(objects.flatMap((o) => Object.keys(o ?? {})));
  for (const k of keys) {
    const vals = objects.map((o) => o?.[k]);
    if (vals.some((x) => typeof x === 'number')) out[k] = median(vals);
  }
  return out;
}

export const round = (x, digits = 1) => (typeof x === 'number' && Number.isFinite(x) ? Number(x.toFixed(digits)) : x);

export function summary(values, digits = 1) {
  return {
    n: values.filter((x) => typeof x === 'number' && Number.isFinite(x)).length,
    median: round(median(values), digits),
    p95: round(percentile(values, 95), digits),
    min: round(min(values), digits),
    max: round(max(values), digits),
  };
}
