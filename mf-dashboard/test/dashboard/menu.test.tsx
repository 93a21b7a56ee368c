import { act, fireEvent, render, screen } from '@testing-library/react';
import { Menu } from '@fieldwatch/shared/ui';

function openMenu() {
  const onSelect = jest.fn();
  render(
    <Menu label="Options for Charts" items={[{ key: 'move', label: 'Move to link group', onSelect }]} />,
  );
  const button = screen.getByRole('button', { name: 'Options for Charts' });
  fireEvent.click(button);
  return { button, onSelect };
}

/** Where the button is on the screen, as getBoundingClientRect reports it. */
function placeButton(button: HTMLElement, top: number) {
  button.getBoundingClientRect = () =>
    ({ top, bottom: top + 26, left: 900, right: 926, width: 26, height: 26, x: 900, y: top }) as DOMRect;
}

describe('widget menu', () => {
  test('a scroll moves the open menu with its button instead of closing it', () => {
    const { button, onSelect } = openMenu();
    placeButton(button, 300);
    act(() => {
      fireEvent.scroll(window);
    });
    const menu = screen.getByRole('menu', { name: 'Options for Charts' });
    expect(menu.style.top).toBe('330px');
    expect(menu.style.right).toBe(`${window.innerWidth - 926}px`);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Move to link group' }));
    expect(onSelect).toHaveBeenCalled();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  test('the menu closes when its button scrolls out of the window, or on a click elsewhere', () => {
    const { button } = openMenu();
    placeButton(button, -200);
    act(() => {
      fireEvent.scroll(document.body);
    });
    expect(screen.queryByRole('menu')).toBeNull();
    placeButton(button, 300);
    fireEvent.click(button);
    expect(screen.getByRole('menu')).toBeTruthy();
    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
