/** The top bar's links on the leads pages (My Leads, an evidence pack): one list, shared by those pages. */
export const LEADS_NAV = [
  { label: 'Home', to: '/' },
  { label: 'Calculator', to: '/calculator' },
  { label: 'Dashboard', to: '/admin', adminOnly: true },
];

/** The top bar's links on an admin page (AdminPage's default): the dashboard and the calculator. */
export const ADMIN_NAV = [
  { label: 'Dashboard', to: '/admin' },
  { label: 'Use Calculator', to: '/calculator' },
];
