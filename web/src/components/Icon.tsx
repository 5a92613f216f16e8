import type { ReactNode } from 'react';

/** A decorative line icon drawn in the current text colour (hidden from assistive technology). */
export function StrokeIcon({
  children,
  viewBox = '0 0 24 24',
  className = 'h-5 w-5',
  strokeWidth = 2,
}: {
  children: ReactNode;
  viewBox?: string;
  className?: string;
  strokeWidth?: number;
}) {
  return (
    <svg
      viewBox={viewBox}
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

/** The padlock of the 'Account Locked' and 'Feature Locked' screens. */
export function LockIcon({ className = 'h-6 w-6' }: { className?: string }) {
  return (
    <StrokeIcon className={className}>
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </StrokeIcon>
  );
}
