import { useEffect, useRef, type RefObject } from 'react';

/**
 * After a submit, puts the result where the eye is: the first invalid field is scrolled into the middle of the
 * screen and focused (its message is wired to it with aria-describedby, so a screen reader reads it); with no
 * invalid field, an error banner inside the form is scrolled to and focused instead. `attempt` changes on every
 * submit, so a second failed submit moves the eye again.
 */
export function useFocusFirstError(formRef: RefObject<HTMLElement | null>, attempt: number): void {
  useEffect(() => {
    if (attempt === 0) return;
    const form = formRef.current;
    if (!form) return;
    const target = form.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form.querySelector<HTMLElement>('.banner--error');
    if (!target) return;
    if (!target.matches('input, select, textarea, button')) target.tabIndex = -1;
    target.scrollIntoView?.({ block: 'center' });
    target.focus({ preventScroll: true });
  }, [formRef, attempt]);
}

/**
 * A polite live region beside a form's button: the result of the submit is announced and seen where the person
 * just clicked, whatever banner the page also shows at the top. Always rendered, so the announcement is heard.
 */
export function FormStatus({ message, kind = 'success' }: { message: string | null; kind?: 'success' | 'error' }) {
  const ref = useRef<HTMLParagraphElement>(null);
  // The button sits at the bottom edge after a scroll to it: bring the line just below it into view too.
  useEffect(() => {
    if (message) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [message]);
  return (
    <p ref={ref} className={`form-status form-status--${kind}`} role="status" aria-live="polite" data-testid="form-status">
      {message ?? ''}
    </p>
  );
}
