// A Fluent UI link that navigates inside the app.
import { type ReactNode } from "react";
import { useNavigate } from "react-router-dom";
import { Link } from "@fluentui/react-components";

export function AppLink({ to, children }: { to: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Link
      href={to}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </Link>
  );
}
