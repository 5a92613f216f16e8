// The billing domain's face to the server app and the worker: these names and no others. Code inside
// the core imports the files themselves.
export { billingAccount } from './account';
export { setAddon } from './addons';
export { applyBillingEvent } from './apply-event';
export { cancelBillingSwitch } from './billing-switch';
export { cancelSubscription, reactivateSubscription } from './cancel';
export { startCheckout } from './checkout';
export { sendCheckoutFollowUps } from './checkout-followups';
export type { BillingDeps } from './deps';
export { confirmPlanChange, previewPlanChange } from './plan-change';
export { cancelTestCheckout, payTestCheckout, viewTestCheckout } from './test-checkout';
export { endTestModePeriods } from './test-mode-periods';
export { runTrialLifecycle } from './trial-lifecycle';
