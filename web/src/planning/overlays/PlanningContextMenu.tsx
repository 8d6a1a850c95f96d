import { Fragment, useMemo } from "react";
import { Menu, MenuItem, MenuList, MenuPopover, MenuDivider } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { useStore } from "zustand";
import type { PlanningSession } from "../session/PlanningSession";
import { menuItems, type MenuCommand, type MenuContext, type MenuTarget } from "../tools/contextMenu";
import { directStoreOf } from "./directStores";

/**
 * The planning's context menu (Fluent UI Menu) at the pointer, or under the focused row for the keyboard. Its
 * commands are run by the host (useDirectManipulation), through the session; closing returns the focus to where
 * the menu was opened from (`onClosed`), once, before an item's command runs: an item's click first closes the menu
 * (Fluent's own handler, through `onOpenChange`), then runs the command, so a command that opens a dialog finds the
 * focus back on the row or chart, which the dialog gives it back to.
 */
export function PlanningContextMenu(p: {
  session: PlanningSession;
  context: MenuContext;
  nameOf: (id: number) => string;
  onCommand: (command: MenuCommand, target: MenuTarget) => void;
  onClosed: (menu: NonNullable<ReturnType<ReturnType<typeof directStoreOf>["getState"]>["menu"]>) => void;
}) {
  const { t } = useTranslation();
  const store = directStoreOf(p.session);
  const menu = useStore(store, (s) => s.menu);
  const at = useMemo(
    () =>
      menu
        ? { getBoundingClientRect: () => new DOMRect(menu.cx, menu.cy, 0, 0), contextElement: undefined }
        : undefined,
    [menu],
  );
  if (!menu) return null;
  // Once per menu, whichever comes first: Fluent's close (Escape, a click outside, an item's click) or the item's.
  const close = () => {
    if (store.getState().menu !== menu) return;
    store.setState({ menu: null });
    p.onClosed(menu);
  };
  const items = menuItems(menu.target, p.context);
  const label =
    menu.target.kind === "event"
      ? t("planningDirect.menu.label", { name: p.nameOf(menu.target.id) })
      : t("planningDirect.menu.rowLabel");
  return (
    <Menu
      open
      onOpenChange={(_, d) => {
        if (!d.open) close();
      }}
      positioning={{ target: at, position: "below", align: "start" }}
    >
      <MenuPopover>
        <MenuList aria-label={label} data-testid="planning-context-menu">
          {items.map((item) => (
            <Fragment key={item.command}>
              {item.command === items.find((i) => i.command === "instantiate" || i.command === "copyDates")?.command &&
              menu.target.kind === "event" ? (
                <MenuDivider />
              ) : null}
              <MenuItem
                disabled={item.disabled}
                data-command={item.command}
                onClick={() => {
                  close();
                  p.onCommand(item.command, menu.target);
                }}
              >
                {t(`planningDirect.menu.${item.command}`)}
              </MenuItem>
            </Fragment>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
