/** What the wallet tests share: a checked plan from the reference service, and the problem a wallet call fails with. */
import assert from 'node:assert/strict';
import { SwapApiClient } from '../../../src/api/client.js';
import type { QuoteRequest } from '../../../src/schemas/service.js';
import { TrustedDecimals } from '../../../src/domain/checks/decimals.js';
import { checkRoute, type Plan } from '../../../src/domain/checks/route.js';
import { FAMILY_HOST_DECIMALS, widgetAffiliate } from '../../support/tamper-families.js';
import type { WalletProblem } from '../../../src/domain/flow/wallet-problem.js';
import { WalletError } from '../../../src/wallet/injected-wallet.js';
import { referenceInbound } from '../../support/inbound.js';
import { CLIENT_TIMEOUT_MS } from '../reference/helpers.js';

/**
 * The reference service's route of `provider` for `request`, checked as the widget checks it
 * (trusted decimals: the widget's table and the host's, as in the families' tests; the request's affiliate): its plan.
 */
export async function checkedPlan(
  serviceUrl: string,
  apiKey: string,
  request: QuoteRequest,
  provider: string,
): Promise<Plan> {
  const client = new SwapApiClient({ baseUrl: serviceUrl, apiKey, timeoutMs: CLIENT_TIMEOUT_MS });
  const result = await client.quote(request);
  const route = result.routes.find((r) => r.providers.join('->') === provider);
  assert.ok(route, `the service offered no ${provider} route`);
  const decimals = new TrustedDecimals({ host: () => FAMILY_HOST_DECIMALS });
  const check = checkRoute(route, {
    request,
    decimals: (a) => decimals.known(a),
    affiliate: widgetAffiliate(request),
    inbound: referenceInbound(),
    now: Date.now(),
  });
  assert.ok(check.ok, JSON.stringify(check));
  return check.plan;
}

/** The problem of the `WalletError` that `p` fails with; a failure when it succeeds or fails otherwise. */
export async function problemOf(p: Promise<unknown>): Promise<WalletProblem> {
  try {
    await p;
  } catch (error) {
    assert.ok(error instanceof WalletError, String(error));
    return error.problem;
  }
  assert.fail('no wallet error');
}
