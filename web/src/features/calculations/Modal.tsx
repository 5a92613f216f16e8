import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A modal dialog on the native <dialog> element opened with showModal(): it sits in the top layer, the page
 * behind is inert (nothing there can be focused or clicked), focus moves into it and returns afterwards, and
 * Escape closes it. Mounted only while open: rendering it opens it, unmounting closes it.
 */
export function Modal({
  title,
  onClose,
  children,
  footer,
  size = 'md',
  role = 'dialog',
  description,
}: {
  title: ReactNode;
  onClose(): void;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** 'alertdialog' for confirmations. */
  role?: 'dialog' | 'alertdialog';
  description?: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    // Escape (the dialog's own cancel) or anything else that closes it natively: tell the owner.
    const closed = () => onCloseRef.current();
    // A click on the backdrop lands on the <dialog> itself (its content fills the box). Escape already closes
    // it for keyboard users.
    const backdrop = (e: MouseEvent) => {
      if (e.target === dialog) onCloseRef.current();
    };
    dialog.addEventListener('close', closed);
    dialog.addEventListener('click', backdrop);
    return () => {
      dialog.removeEventListener('close', closed);
      dialog.removeEventListener('click', backdrop);
      if (dialog.open) dialog.close();
    };
  }, []);

  const width = { sm: 'max-w-md', md: 'max-w-2xl', lg: 'max-w-4xl' }[size];
  return (
    <dialog
      ref={ref}
      role={role}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className={`m-auto w-[calc(100%-1.5rem)] ${width} max-h-[calc(100dvh-1.5rem)] overflow-hidden rounded-2xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50 open:flex open:flex-col`}
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
              className={`mt-0.5 text-sm ${role === 'alertdialog' ? 'mt-2 text-slate-700' : 'text-slate-600'}`}
            >
              {description}
            </div>
          )}
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="-m-1 rounded-lg p-1 text-2xl leading-none text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        >
          ×
        </button>
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
