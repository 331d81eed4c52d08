/**
 * Words for what the service reports in codes, for people. Called at render time so they
 * follow the widget's locale.
 */
// The words of each area live in messages/; this module gathers them.
export {
  addressProblemText,
  configIssueText,
  configIssueUserText,
  configNoticeText,
  fieldLabel,
  fieldProblemText,
  holdReasonText,
  slippageNoteText,
} from './messages/config.js';
export {
  problemCode,
  problemDetails,
  problemMessage,
  problemText,
  providerErrorText,
  quoteNoticeText,
  retryHelps,
  serviceUnreachable,
  unreadableRouteText,
  unreadRoutesText,
  type ShownProblem,
} from './messages/problems.js';
export {
  storeProblemText,
  trackingProblemText,
  trackingStatusText,
  type TrackingProblem,
} from './messages/tracking.js';
export { memoProblemText, refusalHostNote, refusalText } from './messages/refusals.js';
export { walletProblemText } from './messages/wallets.js';
export {
  executionProblemCode,
  executionProblemHostNote,
  executionProblemText,
  trackCallText,
} from './messages/execution.js';
export {
  approvalText,
  instructionText,
  reviewFeeLabel,
  reviewRiskText,
  reviewRoleText,
  reviewWarningText,
  streamingText,
  type WarningFacts,
} from './messages/review.js';
export { blockedRouteText, nextStepText, walletNeededText } from './messages/next-step.js';
export { forHost } from './messages/host.js';
