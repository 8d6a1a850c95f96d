import { type ReactNode } from "react";

/** A form that runs `onSubmit` on Enter or its submit button, without the browser's validation or page reload. */
export function Form({
  onSubmit,
  className,
  children,
}: {
  onSubmit: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      noValidate
    >
      {children}
    </form>
  );
}
