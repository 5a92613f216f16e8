/** An address that wraps after its '@' on a narrow screen rather than mid-word. */
export function Email({ address }: { address: string }) {
  const at = address.indexOf('@');
  if (at < 0) return <>{address}</>;
  // A line may break after the '@' only: never at a hyphen, which read as a hyphenated word ('alice-' / 'smith@…',
  // issue 22). Each half stays whole.
  return (
    <span data-testid="email">
      <span className="whitespace-nowrap">{address.slice(0, at + 1)}</span>
      <wbr />
      <span className="whitespace-nowrap">{address.slice(at + 1)}</span>
    </span>
  );
}
