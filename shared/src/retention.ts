// How long a company's data outlives its access (design.md §3, spec §9: 30 days after a monthly cancellation's
// access ends; the same after a trial's end or an annual cancellation). The locked page, the e-mails and the
// deletion job all count from here.

export const DATA_KEPT_DAYS = 30;

/** The day after which the data is deleted, for access that ended at `accessEndedAt`. */
export function dataKeptUntil(accessEndedAt: Date): Date {
  return new Date(accessEndedAt.getTime() + DATA_KEPT_DAYS * 86_400_000);
}
