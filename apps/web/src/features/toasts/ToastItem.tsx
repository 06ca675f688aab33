import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { CircleCheck, CircleX, OctagonAlert, TriangleAlert, X } from 'lucide-react';
import { useToastStore, type Toast, type ToastType } from '../../lib/toast/store.ts';
import { announce } from '../../lib/a11y/announcer.tsx';
import { fieldLabel } from '../../lib/toast/api-error.ts';

const STYLES: Record<ToastType, { className: string; Icon: typeof CircleCheck }> = {
  success: { className: 'border-green-700 bg-green-50 text-green-950', Icon: CircleCheck },
  error: { className: 'border-red-700 bg-red-50 text-red-950', Icon: CircleX },
  warning: { className: 'border-amber-600 bg-amber-50 text-amber-950', Icon: TriangleAlert },
  danger: { className: 'border-red-900 bg-red-700 text-white', Icon: OctagonAlert },
};

/** One toast (spec §3, §8): its own colour and icon per type, auto-close after closeAfter unless 0. */
const ToastItem = ({ toast }: { toast: Toast }) => {
  const { t } = useTranslation();
  const headingId = useId();
  const dismiss = useToastStore((state) => state.dismiss);
  const callback = useRef(toast.callback);

  const close = () => {
    dismiss(toast.id);
    callback.current?.();
    callback.current = undefined;
  };
  const onTimeout = useEffectEvent(close);
  // WCAG 2.2.1: the time limit stands still while the pointer is over the toast or focus is in
  // it, so nobody loses a message they are reading; it resumes with the time that was left.
  const [isHovered, setIsHovered] = useState(false);
  const [hasFocus, setHasFocus] = useState(false);
  const isPaused = isHovered || hasFocus;
  const remaining = useRef(toast.closeAfter);

  useEffect(() => {
    // Spec §8: a toast closes itself after closeAfter ms unless that is 0.
    if (toast.closeAfter <= 0 || isPaused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => onTimeout(), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [toast.closeAfter, isPaused]);

  const { className, Icon } = STYLES[toast.type];
  // Spec §8: several field errors as a list headed 'Validation errors'; each names its field,
  // since the §5 messages ('Required', 'Must contain exactly 2 character(s)') do not.
  const messages = Object.entries(toast.validationMessages ?? {}).flatMap(([field, list]) => list.map((message) => `${fieldLabel(field)}: ${message}`));
  const isAlert = toast.type !== 'success';
  // A success toast is read politely by the shared live region; alerts read themselves.
  const summary = [toast.content, ...(messages.length > 0 ? [t('toasts.validationErrors'), ...messages] : [])].join('. ');
  useEffect(() => {
    if (!isAlert) announce(summary);
  }, [isAlert, summary]);
  return (
    <div
      data-testid="toast"
      data-type={toast.type}
      role={isAlert ? 'alert' : undefined}
      style={toast.colour ? { borderColor: toast.colour } : undefined}
      onMouseEnter={() => setIsHovered(true)}
      onMouseLeave={() => setIsHovered(false)}
      onFocus={() => setHasFocus(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHasFocus(false);
      }}
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-lg border-l-4 p-4 shadow-lg ${className}`}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-medium break-words">{toast.content}</p>
        {toast.action && (
          <Link to={toast.action.to} onClick={close} className="mt-1 inline-block font-semibold underline underline-offset-4 hover:no-underline">
            {toast.action.label}
          </Link>
        )}
        {messages.length > 0 && (
          <div className="mt-2">
            <p id={headingId} className="font-semibold">
              {t('toasts.validationErrors')}
            </p>
            <ul aria-labelledby={headingId} className="mt-1 list-disc pl-5">
              {messages.map((message, index) => (
                <li key={index}>{message}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <button
        type="button"
        onClick={close}
        aria-label={t('toasts.close')}
        className="-m-1 flex size-7 shrink-0 items-center justify-center rounded opacity-80 hover:opacity-100"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
};

export default ToastItem;
