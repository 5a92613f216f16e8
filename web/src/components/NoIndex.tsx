/**
 * Keeps a page reached by a secret link (a shared pack, an invitation, a reset or unsubscribe link) out of search
 * engines. React hoists the tag into the document's head; the server also sends `X-Robots-Tag` for these paths
 * (server/src/api/http/security-headers.ts), for crawlers that run no script.
 */
export function NoIndex() {
  return <meta name="robots" content="noindex, nofollow" />;
}
