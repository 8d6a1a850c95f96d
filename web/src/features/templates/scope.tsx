// What the template screens share: the scope (library or project), its addresses, and the list query that
// starts at 10 rows (spec 001 section 9: template lists default to limit 10, offset 0).
import { useEffect, useRef, useState, type ReactNode } from "react";
import { ROWS_PER_PAGE_OPTIONS, TEMPLATE_LIST_DEFAULT_LIMIT } from "@jalon/shared";
import { WithVersion } from "../../components/WithVersion";
import { useSession } from "../../store/session";
import { initialTableQuery, type TableQuery } from "../../components/DataTable";
import type { TemplateScope } from "./templatesApi";

/** 10 rows first, then the tables' usual choices. */
export const TEMPLATE_PAGE_SIZES: readonly number[] = [TEMPLATE_LIST_DEFAULT_LIMIT, ...ROWS_PER_PAGE_OPTIONS];

const PRODUCT = "pro";

export function eventTemplatesPath(scope: TemplateScope): string {
  return scope === "library" ? "/dashboard/events-library" : `/dashboard/events-${PRODUCT}`;
}
export function sequenceTemplatesPath(scope: TemplateScope): string {
  return scope === "library" ? "/dashboard/sequences-library" : `/dashboard/sequences-${PRODUCT}`;
}
/** /dashboard/event-library/{id}/{sequenceTemplateId}; `id` "new" creates one in that sequence template. */
export function eventTemplatePath(scope: TemplateScope, id: number | "new", sequenceTemplateId: number | null): string {
  const base = scope === "library" ? "/dashboard/event-library" : `/dashboard/event-${PRODUCT}`;
  return `${base}/${id}/${sequenceTemplateId ?? 0}`;
}
export function sequenceTemplatePath(scope: TemplateScope, id: number): string {
  return scope === "library" ? `/dashboard/sequence-library/${id}` : `/dashboard/sequence-${PRODUCT}/${id}`;
}

export interface ScopeProps {
  scope: TemplateScope;
  /** The selected project (project copies); null for the library. */
  projectId: number | null;
  /** The selected version (the project's zone typologies); null for the library. */
  versionId: number | null;
}

/** Admins write the library; a project's managers write its copies (the server refuses the others). */
export function useCanWrite(scope: TemplateScope): boolean {
  const isAdmin = useSession((s) => s.user?.isAdmin ?? false);
  return scope === "pro" || isAdmin;
}

/** The library needs no project; the project's copies need a selected project and version. */
export function ScopedPage({ scope, children }: { scope: TemplateScope; children: (p: ScopeProps) => ReactNode }) {
  if (scope === "library") return <>{children({ scope, projectId: null, versionId: null })}</>;
  return <WithVersion>{(projectId, versionId) => children({ scope, projectId, versionId })}</WithVersion>;
}

/** The paging and sort of a template list, with the limit, offset and sort to send. */
export function useTemplateQuery() {
  const [query, setQuery] = useState<TableQuery>(() => initialTableQuery(undefined, TEMPLATE_LIST_DEFAULT_LIMIT));
  const params = {
    limit: query.pageSize,
    offset: query.page * query.pageSize,
    sort: `${query.sort.field},${query.sort.direction}`,
  };
  return { query, setQuery, params };
}

/**
 * Gives the focus back to what had it when a dialog opened (its trigger), once the dialog closes: a dialog
 * opened from state has no DialogTrigger to return to. The trigger is read while rendering the opening, before
 * the dialog moves the focus inside itself. When it is gone (the selection's delete button after a deletion),
 * `fallback` is focused instead.
 */
export function useReturnFocus(open: boolean, fallback?: () => HTMLElement | null) {
  const trigger = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && typeof document !== "undefined")
    trigger.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  wasOpen.current = open;
  const fallbackRef = useRef(fallback);
  fallbackRef.current = fallback;
  useEffect(() => {
    if (!open) return;
    return () => {
      const element = trigger.current;
      setTimeout(() => {
        if (element?.isConnected) element.focus();
        else fallbackRef.current?.()?.focus();
      }, 0);
    };
  }, [open]);
}
