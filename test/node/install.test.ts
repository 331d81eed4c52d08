// Install clean: every package `npm ci` installs runs on every Node version the README names,
// so neither a developer nor a host installing the widget sees EBADENGINE. Read from the
// lock file, which is what `npm ci` installs.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import semver from 'semver';

const root = new URL('../../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean; dev?: boolean }>;
};

/** The oldest release of each Node line the README supports. */
const SUPPORTED = ['20.19.0', '22.13.0', '24.0.0'];

describe('install', () => {
  it("the package's engines field names the supported Node lines, and no older one", () => {
    for (const v of SUPPORTED) assert.ok(semver.satisfies(v, pkg.engines.node), `${v} against ${pkg.engines.node}`);
    for (const v of ['18.20.0', '20.18.3', '21.7.0', '22.12.0'])
      assert.ok(!semver.satisfies(v, pkg.engines.node), `${v} is not supported`);
  });

  it('every package the lock installs accepts every supported Node version (no EBADENGINE)', () => {
    const refused: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      const wanted = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
      // An optional package whose engines refuse a version is skipped by npm there, silently.
      if (!wanted || entry.optional) continue;
      for (const v of SUPPORTED)
        if (!semver.satisfies(v, wanted)) refused.push(`${path} wants node ${wanted}; ${v} is supported`);
    }
    assert.deepEqual(refused, []);
  });

  it('finds the packages it reads (the check above is not empty)', () => {
    assert.ok(Object.keys(lock.packages).length > 300);
    assert.ok(lock.packages['node_modules/eslint']?.engines, 'eslint has engines');
  });
});
