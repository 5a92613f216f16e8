/**
 * What a CRM export says (issue 12 §3): for a span of London days and a set of members, each member's
 * calculations, distinct clients pitched and annual savings pitched, and (issue 25 §3) the margin each conceded and
 * the desk's, in the dashboard card's words — as plain text for Chatter, split into numbered posts at line ends when
 * longer than Chatter allows, never cut.
 */

import type { DateSpan } from '@pippitch/shared/activity-periods';
import { Dec } from '@pippitch/shared/decimal';
import { formatGBP } from '@pippitch/shared/format';
import { type ConcededWordsFigures, concededText, pitchesText } from '@pippitch/shared/margin-conceded-words';
import { GBP_TOTALS_NOTE } from '@pippitch/shared/money';
import { memberDisplayName } from '@pippitch/shared/names';
import { CHATTER_POST_LIMIT } from '@pippitch/shared/salesforce';
import { formatIsoDate } from '@pippitch/shared/time';
import type { Database } from '@pippitch/sql';
import { memberPitchTotals, type PitchCounts } from '../../queries/crm/team';
import type { Scope } from '../../queries/scope';
import { spanBoundsUtc } from '../activity/user-activity';
import type { MarginConceded } from '../margin/conceded';

export interface MemberSummary extends PitchCounts {
  name: string;
  email: string;
  /** The member's margin conceded in the span (margin/conceded.ts's figures); absent when they pitched nothing. */
  margin?: ConcededWordsFigures | null;
}

/**
 * Each member's figures for the span (members of the scope's company only; ids of other companies are ignored),
 * with their margin conceded taken from `conceded` (the company's, for the same span) when given.
 */
export async function teamSummary(
  db: Database,
  scope: Scope,
  { userIds, span, conceded }: { userIds: string[]; span: DateSpan; conceded?: MarginConceded | undefined },
): Promise<MemberSummary[]> {
  const { from, to } = spanBoundsUtc(span);
  const rows = await memberPitchTotals(db, scope, { userIds, from, to });
  return rows.map(({ userId, fullName, ...counts }) => ({
    name: memberDisplayName({ fullName, email: counts.email }),
    ...counts,
    margin: conceded?.brokers.find((b) => b.userId === userId) ?? null,
  }));
}

/** '; margin 41.3 bps against a floor of 50.0 bps · £1,412 a year · none below the floor' — nothing without one. */
function marginPart(m: MemberSummary): string {
  if (!m.margin) return '';
  if (m.margin.marginBps === null) return '; margin not measured (saved without a mid)';
  return `; margin ${concededText(m.margin)}`;
}

/** The pitches counted apart: ' (1 where the competitor was cheaper, 2 not counted: off-market or below the mid)'. */
function apart(m: { losses: number; excluded: number }): string {
  const parts = [
    m.losses > 0 && `${m.losses} where the competitor was cheaper`,
    m.excluded > 0 && `${m.excluded} not counted (off-market or below the mid)`,
  ].filter(Boolean);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/**
 * The desk's margin conceded: everyone who pitched in the span, as the dashboard's card counts it (not only the
 * members selected), against the floors of each pitch's time.
 */
function deskLine(desk: ConcededWordsFigures | undefined): string {
  if (!desk || desk.pitches === 0) return '';
  return `\nMargin conceded, whole desk (${pitchesText(desk.pitches)}): ${concededText(desk)}. Margin against the mid, weighted by each pitch's size in pounds.`;
}

function periodText(span: DateSpan): string {
  return span.start === span.end
    ? formatIsoDate(span.start)
    : `${formatIsoDate(span.start)} to ${formatIsoDate(span.end)}`;
}

/**
 * The Chatter posts of one export: a heading (company, period, team totals) and one line per member. When the text
 * is longer than Chatter's limit it is split at line ends into parts, each headed 'part i of n'.
 */
export function chatterPosts(
  {
    companyName,
    span,
    members,
    desk,
  }: { companyName: string; span: DateSpan; members: MemberSummary[]; desk?: ConcededWordsFigures | undefined },
  limit = CHATTER_POST_LIMIT,
): string[] {
  const total = {
    calculations: members.reduce((n, m) => n + m.calculations, 0),
    clients: members.reduce((n, m) => n + m.clients, 0),
    savings: members.reduce((acc, m) => acc.plus(m.savings), new Dec(0)).toFixed(2),
    losses: members.reduce((n, m) => n + m.losses, 0),
    excluded: members.reduce((n, m) => n + m.excluded, 0),
  };
  const heading = `PipPitch team activity for ${companyName}, ${periodText(span)} (London time)`;
  const totals = `Team: ${total.calculations} calculations, ${total.clients} clients pitched, ${formatGBP(total.savings)} annual savings pitched${apart(total)}\n${GBP_TOTALS_NOTE} Savings count only pitches where we are cheaper.${deskLine(desk)}`;
  const lines = members.map(
    (m) =>
      `• ${m.name}: ${m.calculations} calculation${m.calculations === 1 ? '' : 's'}, ${m.clients} client${m.clients === 1 ? '' : 's'} pitched, ${formatGBP(m.savings)} savings pitched${apart(m)}${marginPart(m)}`,
  );
  if (lines.length === 0) lines.push('No members selected.');
  const single = [heading, totals, '', ...lines].join('\n');
  if (single.length <= limit) return [single];

  // Room for the part heading ('… (part 12 of 34)') and the totals on the first part.
  const partHeading = (i: number, n: number) => `${heading} (part ${i} of ${n})`;
  const room = limit - partHeading(999, 999).length - 1;
  const bodies: string[][] = [[totals, '']];
  let used = totals.length + 1;
  // A line is one member (names are at most 200 characters), far below a post: splitting between lines suffices.
  for (const line of lines) {
    const current = bodies[bodies.length - 1] as string[];
    if (used + line.length + 1 > room && current.length > 0) {
      bodies.push([line]);
      used = line.length + 1;
    } else {
      current.push(line);
      used += line.length + 1;
    }
  }
  return bodies.map((body, i) => [partHeading(i + 1, bodies.length), ...body].join('\n'));
}
