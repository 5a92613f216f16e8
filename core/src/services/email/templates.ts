/**
 * E-mails are rendered on the server from these functions; each returns subject, HTML and plain text.
 * The same renderers serve delivery (worker) and the in-app previews.
 */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface Layout {
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
}

function layout({ heading, paragraphs, action, footnote }: Layout): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#0f766e;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
       <p style="margin:0 0 16px;font-size:13px;color:#555">Or paste this link into your browser:<br><span style="word-break:break-all">${escapeHtml(action.url)}</span></p>`
    : '';
  const foot = footnote ? `<p style="margin:24px 0 0;font-size:12px;color:#777">${escapeHtml(footnote)}</p>` : '';
  return `<!doctype html><html><body style="margin:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fff;border-radius:8px;padding:32px">
<tr><td><div style="font-size:20px;font-weight:700;color:#0f766e;margin-bottom:24px">PipPitch</div>
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(heading)}</h1>${body}${button}${foot}</td></tr></table>
</td></tr></table></body></html>`;
}

function plain({ heading, paragraphs, action, footnote }: Layout): string {
  return [
    heading,
    '',
    ...paragraphs,
    ...(action ? ['', `${action.label}: ${action.url}`] : []),
    ...(footnote ? ['', footnote] : []),
  ].join('\n');
}

export function render(subject: string, content: Layout): RenderedEmail {
  return { subject, html: layout(content), text: plain(content) };
}

export function passwordResetEmail(input: { fullName: string; resetUrl: string; validMinutes: number }): RenderedEmail {
  return render('Reset your PipPitch password', {
    heading: 'Reset your password',
    paragraphs: [
      `Hi ${input.fullName},`,
      'We received a request to reset the password for your PipPitch account. Choose a new password with the button below.',
      `The link works once and expires in ${input.validMinutes} minutes.`,
    ],
    action: { label: 'Choose a new password', url: input.resetUrl },
    footnote: "If you didn't ask for this, you can ignore this e-mail: your password stays as it is.",
  });
}

/** The invitation (spec §7 send-invitation: company, inviter, role, link). */
export function invitationEmail(input: {
  companyName: string;
  inviterName: string;
  inviterEmail: string;
  role: 'admin' | 'broker';
  joinUrl: string;
  validDays: number;
}): RenderedEmail {
  const as = input.role === 'admin' ? 'an admin' : 'a broker';
  return render(`${input.inviterName} invited you to join ${input.companyName} on PipPitch`, {
    heading: `Join ${input.companyName} on PipPitch`,
    paragraphs: [
      `${input.inviterName} (${input.inviterEmail}) has invited you to join ${input.companyName} on PipPitch as ${as}.`,
      'PipPitch shows your clients what they would save on their FX payments, with live and historical market rates.',
      `Create your account with the button below. The link works once and expires in ${input.validDays} days.`,
    ],
    action: { label: 'Accept invitation', url: input.joinUrl },
    footnote: "If you weren't expecting this invitation, you can ignore this e-mail.",
  });
}

/** To the broker when a prospect first opens a shared evidence pack (issue 14 §3). */
export function packViewedEmail(input: { leadName: string; packUrl: string }): RenderedEmail {
  return render(`${input.leadName} opened your evidence pack`, {
    heading: `${input.leadName} opened your evidence pack`,
    paragraphs: [
      `The evidence pack you shared with ${input.leadName} was opened for the first time just now.`,
      'A good moment to call: the figures are fresh in their mind.',
    ],
    action: { label: 'Open the pack', url: input.packUrl },
    footnote: 'You get this e-mail once per share link. Withdraw the link from the pack at any time.',
  });
}

/** The morning digest of leads whose saving moved (issue 14 §4): one per broker, only when something moved. */
export function alertDigestEmail(input: {
  fullName: string;
  lines: string[];
  leadsUrl: string;
  unsubscribeUrl: string;
}): RenderedEmail {
  const n = input.lines.length;
  return render(`${n} lead${n === 1 ? '' : 's'} to call back: the saving moved`, {
    heading: `${n} lead${n === 1 ? '' : 's'} to call back`,
    paragraphs: [
      `Good morning ${input.fullName},`,
      'Overnight we re-priced your leads on today’s market with the figures of your last calculation. These moved by more than your threshold:',
      ...input.lines,
    ],
    action: { label: 'Open My Leads', url: input.leadsUrl },
    footnote: `You get this e-mail only on mornings when a saving moved. Stop these e-mails: ${input.unsubscribeUrl}`,
  });
}
