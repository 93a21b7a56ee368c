/**
 * Dialogs (issue 23): the focus goes into the dialog, Tab and Shift+Tab go round its controls and
 * never leave it, Escape closes it, and on closing the focus returns to what opened it — also when
 * a menu item opened it, and with a confirmation over a dialog only the top one answers.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ConfirmDialog, Menu, Modal } from '../../src/ui';

const tab = (shift = false) =>
  fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey: shift });

function Opener({ footer = true }: { footer?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Edit
      </button>
      <button type="button">Elsewhere</button>
      {open && (
        <Modal
          title="Edit unit"
          closeLabel="Close"
          onClose={() => setOpen(false)}
          footer={
            footer ? (
              <button type="button" onClick={() => setOpen(false)}>
                Save
              </button>
            ) : undefined
          }
        >
          <label>
            Name <input />
          </label>
          <button type="button" disabled>
            Not now
          </button>
        </Modal>
      )}
    </>
  );
}

describe('Modal', () => {
  test('focuses the first field, traps Tab and Shift+Tab inside, and Escape returns the focus to the opener', () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Edit' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Edit unit' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const name = screen.getByRole('textbox', { name: 'Name' });
    const close = screen.getByRole('button', { name: 'Close' });
    const save = screen.getByRole('button', { name: 'Save' });
    expect(document.activeElement).toBe(name);

    // Forward from the last control goes round to the first (the close button); the disabled button is skipped.
    save.focus();
    tab();
    expect(document.activeElement).toBe(close);
    // Backward from the first goes round to the last.
    tab(true);
    expect(document.activeElement).toBe(save);
    // In between, Tab is the browser's own (not prevented).
    name.focus();
    expect(fireEvent.keyDown(name, { key: 'Tab' })).toBe(true);

    // Focus that got out of the dialog is brought back in by Tab.
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    tab();
    expect(document.activeElement).toBe(close);

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  test('the close button returns the focus to the opener too', () => {
    render(<Opener footer={false} />);
    const opener = screen.getByRole('button', { name: 'Edit' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  test('a parent re-rendering with a new onClose neither moves the focus nor returns it', () => {
    function Typing() {
      const [text, setText] = useState('');
      return (
        <Modal title="Notes" closeLabel="Close" onClose={() => setText('')}>
          <input aria-label="First" />
          <input aria-label="Second" value={text} onChange={(e) => setText(e.target.value)} />
        </Modal>
      );
    }
    render(<Typing />);
    const second = screen.getByRole('textbox', { name: 'Second' });
    second.focus();
    fireEvent.change(second, { target: { value: 'abc' } });
    expect(document.activeElement).toBe(second);
  });

  test('a dialog opened from a menu item returns the focus to the menu button', () => {
    function FromMenu() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Menu
            label="Actions for North"
            items={[{ key: 'rename', label: 'Rename…', onSelect: () => setOpen(true) }]}
          />
          {open && (
            <Modal title="Rename" closeLabel="Close" onClose={() => setOpen(false)}>
              <input aria-label="Name" />
            </Modal>
          )}
        </>
      );
    }
    render(<FromMenu />);
    const button = screen.getByRole('button', { name: 'Actions for North' });
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Rename…' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  test('a menu inside a dialog closes on Escape without closing the dialog', () => {
    const onClose = jest.fn();
    render(
      <Modal title="Unit" closeLabel="Close" onClose={onClose}>
        <Menu label="More" items={[{ key: 'a', label: 'Archive', onSelect: () => undefined }]} />
      </Modal>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    fireEvent.keyDown(screen.getByRole('menuitem', { name: 'Archive' }), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'More' }));
  });
});

describe('ConfirmDialog', () => {
  function Confirming({ busy = false }: { busy?: boolean }) {
    const [editing, setEditing] = useState(true);
    const [asking, setAsking] = useState(false);
    return editing ? (
      <Modal title="Edit unit" closeLabel="Close" onClose={() => setEditing(false)}>
        <button type="button" onClick={() => setAsking(true)}>
          Delete…
        </button>
        {asking && (
          <ConfirmDialog
            title="Delete North?"
            confirmLabel="Delete"
            cancelLabel="Cancel"
            closeLabel="Close"
            danger
            busy={busy}
            onConfirm={() => undefined}
            onCancel={() => setAsking(false)}
          >
            North and its history are deleted.
          </ConfirmDialog>
        )}
      </Modal>
    ) : (
      <p>closed</p>
    );
  }

  test('over a dialog: focus on the confirm button, Tab stays in it, Escape closes it alone and returns the focus', () => {
    render(<Confirming />);
    const ask = screen.getByRole('button', { name: 'Delete…' });
    ask.focus();
    fireEvent.click(ask);
    const confirm = screen.getByRole('dialog', { name: 'Delete North?' });
    const yes = screen.getByRole('button', { name: 'Delete' });
    expect(document.activeElement).toBe(yes);
    tab();
    expect(confirm.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).toBe(screen.getAllByRole('button', { name: 'Close' }).at(-1));
    tab(true);
    expect(document.activeElement).toBe(yes);

    fireEvent.keyDown(yes, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Delete North?' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Edit unit' })).toBeTruthy();
    expect(document.activeElement).toBe(ask);
  });

  test('while busy, Escape does not close it', () => {
    render(<Confirming busy />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete…' }));
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Delete North?' })).toBeTruthy();
  });
});
