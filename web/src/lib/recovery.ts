/**
 * A password-recovery link (access token and type=recovery in the hash) may land on any page. Such a page must go
 * to /reset-password before React hydrates: redirected during hydration, the router rendered the reset page over
 * the landing page's prerendered HTML, and React threw #418 (issue 22). Returns where to go, or null to stay.
 */
export function recoveryTarget(pathname: string, hash: string): string | null {
  if (pathname === '/reset-password') return null;
  return /type=recovery/.test(hash) && /access_token=/.test(hash) ? `/reset-password${hash}` : null;
}
