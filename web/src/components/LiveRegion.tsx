import { visuallyHidden } from "./visuallyHidden";

/** A message to say, numbered: the same words said twice are two messages. */
export interface LiveMessage {
  text: string;
  seq: number;
}

/**
 * A polite live region (role="status"): screen readers say its text when it changes, after what they are saying.
 * It stays in the page (a region added with its text is often not read) and takes no room. A message repeated with
 * the same words is made to differ by an invisible space, or it would not be said again.
 */
export function LiveRegion({
  message,
  label,
  testId,
}: {
  message: LiveMessage | null;
  label: string;
  testId?: string;
}) {
  const text = message ? message.text + (message.seq % 2 ? "\u00a0" : "") : "";
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      aria-label={label}
      data-testid={testId}
      style={visuallyHidden}
    >
      {text}
    </div>
  );
}
