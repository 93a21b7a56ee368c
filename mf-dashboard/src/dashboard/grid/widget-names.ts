/** The names a widget and a link group show: the user's own, else a translated default. */
import { DEFAULT_LINK_GROUP, widgetCatalogueItem } from '@fieldwatch/shared';
import type { Translate } from '../board/board-messages';

/** A widget's title: its own name, or the catalogue name in the user's language. */
export function widgetTitle(t: Translate, widget: { name: string; component: string }): string {
  if (widget.name && widget.name !== widget.component) return widget.name;
  return t(`catalogue.${widget.component}.name`, {
    defaultValue: widgetCatalogueItem(widget.component)?.name ?? widget.component,
  });
}

/** A link group's name; the built-in default group has a translated one. */
export function groupName(t: Translate, group: { id: string; name: string }): string {
  return group.id === DEFAULT_LINK_GROUP.id && group.name === DEFAULT_LINK_GROUP.name
    ? t('frame.defaultGroup')
    : group.name;
}
