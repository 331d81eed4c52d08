/**
 * What the integrator, not the user, should know: the configuration's warnings (an affiliate
 * name over 3 characters, a fee without an affiliate) and the service's deprecation notice.
 * Each is told to the host once per value (the root writes it to the console and dispatches
 * `swap-error` with code `config-warning`, naming the attribute in `field`, or `deprecated`);
 * none holds quoting, and none is shown in the widget. Plain TypeScript.
 */
import type { DeprecationInfo } from '../api/deprecation.js';
import type { ConfigIssue } from './config.js';

export type ConfigNotice =
  { code: 'config-warning'; field: string; issue: ConfigIssue } | { code: 'deprecated'; info: DeprecationInfo };

/** The notices told so far, per widget: each value is told once. */
export class ConfigNotices {
  private readonly told = new Set<string>();

  /** The notices of these warnings and this deprecation notice that were not told yet (now counted as told). */
  fresh(warnings: readonly ConfigIssue[], deprecation?: DeprecationInfo): ConfigNotice[] {
    const all: ConfigNotice[] = warnings.map((issue) => ({ code: 'config-warning', field: issue.field, issue }));
    if (deprecation) all.push({ code: 'deprecated', info: deprecation });
    return all.filter((n) => {
      const key = JSON.stringify(n);
      return !this.told.has(key) && !!this.told.add(key);
    });
  }
}
