import { SMALL } from './leadButtons';
import { LEADS_PAGE_SIZE } from './leadModel';

/** 'Showing 1–50 of 120' and, past one page, Previous / 'Page 1 of 3' / Next. */
export function LeadsPager({
  total,
  page,
  pageCount,
  onPage,
}: {
  total: number;
  page: number;
  pageCount: number;
  onPage(page: number): void;
}) {
  const first = total === 0 ? 0 : page * LEADS_PAGE_SIZE + 1;
  const last = Math.min(total, (page + 1) * LEADS_PAGE_SIZE);
  return (
    <nav
      aria-label="Pages"
      className="flex flex-col items-center justify-between gap-2 border-t border-slate-200 px-4 py-3 text-sm text-slate-600 sm:flex-row"
    >
      <span>
        Showing {first.toLocaleString('en-GB')}–{last.toLocaleString('en-GB')} of {total.toLocaleString('en-GB')}
      </span>
      {pageCount > 1 && (
        <div className="flex items-center gap-2">
          <button type="button" className={SMALL.secondary} disabled={page === 0} onClick={() => onPage(page - 1)}>
            Previous
          </button>
          <span aria-current="page">
            Page {page + 1} of {pageCount}
          </span>
          <button
            type="button"
            className={SMALL.secondary}
            disabled={page >= pageCount - 1}
            onClick={() => onPage(page + 1)}
          >
            Next
          </button>
        </div>
      )}
    </nav>
  );
}
