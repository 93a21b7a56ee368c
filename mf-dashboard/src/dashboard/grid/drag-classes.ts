/** The class names by which react-grid-layout tells where a widget may be picked up. */

/** Class of the title bar: the grid drags by it only. */
export const DRAG_HANDLE = 'fw-widget-drag';
/** Class of controls inside the title bar that must not start a drag. */
export const NO_DRAG = 'fw-no-drag';
