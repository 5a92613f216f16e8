import type { ApprovalDecision } from '@pippitch/shared/margin-policy';
import { type RenderedEmail, render } from './templates';

/** To the broker when an admin decides their below-floor request (issue 25 §2): one e-mail per decision. */
export function marginDecisionEmail(input: {
  decision: ApprovalDecision;
  companyName: string;
  clientName: string;
  marginBps: string;
  floorBps: string;
  floorLabel: string;
  deciderName: string;
  note: string | null;
  /** Where the broker asked, and words for the button that opens it. */
  action: { label: string; url: string };
}): RenderedEmail {
  const approved = input.decision === 'approved';
  const subject = approved
    ? `Your pitch to ${input.clientName} is approved`
    : `Your pitch to ${input.clientName} was declined`;
  return render(subject, {
    heading: subject,
    paragraphs: [
      `${input.deciderName} at ${input.companyName} ${input.decision} your request to use a pitch of ${input.marginBps} bps, below the desk's floor of ${input.floorBps} bps for ${input.floorLabel}.`,
      ...(input.note ? [`Their note: “${input.note}”`] : []),
      approved
        ? 'You can now build the evidence pack, share it and export it as usual.'
        : 'Re-price the pitch at or above the floor, or ask again with more detail.',
    ],
    action: input.action,
    footnote: 'You get one e-mail per decision. The decision is kept with the pitch.',
  });
}
