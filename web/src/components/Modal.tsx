import { type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import { CloseButton } from './ui';

const WIDTHS = { sm: 'max-w-md', md: 'max-w-2xl', lg: 'max-w-4xl' } as const;

/** Under the `sm` breakpoint (640 px) the dialog fills the screen: no margin, no rounded corners. */
const FULL_SCREEN_ON_MOBILE =
  'max-sm:m-0 max-sm:h-full max-sm:max-h-none max-sm:w-full max-sm:max-w-none max-sm:rounded-none';

/**
 * The app's one modal dialog, on the native <dialog> element opened with showModal(): it sits in the top layer,
 * the page behind is inert (nothing there can be focused or clicked) and does not scroll, focus moves into it and
 * goes back to the element that opened it, and Escape, the close button or a click on the backdrop close it. Its
 * accessible name is its title. Mounted only while open: rendering it opens it, unmounting closes it.
 */
export function Modal({
  title,
  onClose,
  children,
  footer,
  size = 'md',
  role = 'dialog',
  description,
  fullScreenOnMobile = false,
}: {
  title: ReactNode;
  onClose(): void;
  children?: ReactNode;
  footer?: ReactNode;
  /** The largest width: sm 28rem (confirmations), md 42rem, lg 56rem (details, the chart). */
  size?: keyof typeof WIDTHS;
  /** 'alertdialog' for confirmations. */
  role?: 'dialog' | 'alertdialog';
  description?: ReactNode;
  /** Fill the whole screen under 640 px (the history chart needs every pixel of a phone). */
  fullScreenOnMobile?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // A layout effect: it opens the dialog before the first paint, and on unmount it closes it (and gives focus
  // back) while the element is still in the document.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    if (!dialog.open) dialog.showModal();
    // Escape (the dialog's own cancel) or anything else that closes it natively: tell the owner.
    const closed = () => onCloseRef.current();
    // A click on the backdrop lands on the <dialog> itself (its content fills the box).
    const backdrop = (e: MouseEvent) => {
      if (e.target === dialog) onCloseRef.current();
    };
    dialog.addEventListener('close', closed);
    dialog.addEventListener('click', backdrop);
    return () => {
      dialog.removeEventListener('close', closed);
      dialog.removeEventListener('click', backdrop);
      if (dialog.open) dialog.close();
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      role={role}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className={`m-auto w-[calc(100%-1.5rem)] ${WIDTHS[size]} max-h-[calc(100dvh-1.5rem)] overflow-hidden rounded-2xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50 open:flex open:flex-col ${fullScreenOnMobile ? FULL_SCREEN_ON_MOBILE : ''}`}
    >
      <div
        className={`flex items-start justify-between gap-4 px-5 py-4 ${children ? 'border-b border-slate-200' : ''}`}
      >
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {description && (
            <div
              id={descriptionId}
              className={`text-sm ${role === 'alertdialog' ? 'mt-2 text-slate-700' : 'mt-0.5 text-slate-600'}`}
            >
              {description}
            </div>
          )}
        </div>
        <CloseButton
          label="Close"
          onClick={onClose}
          className="-m-1 rounded-lg p-1 text-2xl text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        />
      </div>
      {children && <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>}
      {footer && (
        <div className="flex flex-col-reverse gap-2 border-t border-slate-200 px-5 py-3 sm:flex-row sm:justify-end">
          {footer}
        </div>
      )}
    </dialog>
  );
}
