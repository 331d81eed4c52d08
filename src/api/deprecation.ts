// The service's deprecation notice, read from an answer's headers.

export interface DeprecationInfo {
  /** `x-api-deprecated: true`, or a `Warning: 299` header. */
  readonly deprecated: boolean;
  /** `x-api-sunset-date`, as sent (ISO 8601). */
  readonly sunsetDate?: string;
  /** The `Warning` header's text. */
  readonly warning?: string;
}

/** The notice an answer's headers carry, or undefined when they say nothing of deprecation. */
export function deprecationOf(headers: Headers): DeprecationInfo | undefined {
  const warning = headers.get('warning') ?? undefined;
  const deprecated = headers.get('x-api-deprecated')?.toLowerCase() === 'true' || /^\s*299\b/.test(warning ?? '');
  if (!deprecated) return undefined;
  const sunsetDate = headers.get('x-api-sunset-date') ?? undefined;
  return { deprecated, ...(sunsetDate ? { sunsetDate } : {}), ...(warning ? { warning } : {}) };
}
