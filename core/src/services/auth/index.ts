// The auth domain's face to the server app and the worker: these names and no others. Code inside
// the core imports the files themselves.
export { AccessFeed } from './access-feed';
export { DEVICE_COOKIE, DEVICE_COOKIE_DAYS, withDeviceToken } from './device-cookie';
export { logIn } from './login';
export { isResetTokenUsable, requestPasswordReset, resetPassword } from './password-reset';
export { hashPassword } from './passwords';
export { clientKey, pruneRateLimits } from './rate-limit';
export { SessionCache } from './session-cache';
export { sessionView } from './session-view';
export { SessionWatch } from './session-watch';
export type { Viewer } from './sessions';
export { createSession, deleteSession, pruneExpiredSessions, resolveSession, SESSION_COOKIE } from './sessions';
export { requestSignInUnlock, unlockSignIn } from './sign-in-unlock';
export { confirmSignup, isSignupLinkUsable, requestSignup } from './signup-request';
export { SIGN_IN_REFUSAL_DELAY_MS, SIGN_IN_REFUSALS_HELD, Tarpit } from './tarpit';
