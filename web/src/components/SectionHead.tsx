import type { ReactNode } from 'react';

/**
 * A section's heading with its actions at the right, wrapping under it on a narrow screen. `id` is what the
 * section's aria-labelledby names; `className` sizes the heading.
 */
export function SectionHead(props: {
  id: string;
  as?: 'h2' | 'h3';
  className: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const Heading = props.as ?? 'h2';
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <Heading id={props.id} className={`font-semibold ${props.className}`}>
        {props.children}
      </Heading>
      {props.actions}
    </div>
  );
}
