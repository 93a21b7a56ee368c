import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FakeHandler } from '@fieldwatch/shared/testing';
import { NfcTab } from '../../src/features/unit/tabs/nfc/NfcTab';
import { props, renderTab, settingsDoc, UNIT_ID } from './helpers';

function server({
  tag = 'TAG-0007-AB',
  write,
  tagStatus = 200,
  settingsStatus = 200,
}: {
  tag?: string;
  write?: FakeHandler;
  tagStatus?: number;
  settingsStatus?: number;
} = {}): FakeHandler {
  return (method, url, body) => {
    if (method === 'GET' && url === '/api/v3/config')
      return { status: 200, body: { data: { nfcHost: '', weather: false } } };
    if (method === 'GET' && url === '/api/v1/nfc/tag')
      return tagStatus === 200
        ? { status: 200, body: { tag_uuid: tag } }
        : { status: tagStatus, body: { message: 'Failed' } };
    if (method === 'GET' && url === `/api/v2/device/legacy/devices/${UNIT_ID}/settings`)
      return settingsStatus === 200
        ? {
            status: 200,
            body: {
              data: settingsDoc({
                settings: { ...settingsDoc().settings, nfc: { template: 'unitPage', status: 'locked' } },
              }),
            },
          }
        : { status: settingsStatus, body: { message: 'Failed' } };
    if (write) return write(method, url, body);
    return { status: 404, body: { message: 'Not found' } };
  };
}

describe('NFC tab', () => {
  test("shows the unit's tag, template and status", async () => {
    renderTab(<NfcTab {...props()} />, { handler: server() });
    expect((await screen.findByTestId('nfc-tag-id')).textContent).toBe('TAG-0007-AB');
    expect(await screen.findByLabelText('Template')).toHaveProperty('value', 'unitPage');
    expect(screen.getByLabelText('Status')).toHaveProperty('value', 'locked');
    expect(screen.getByText('What a phone that reads the tag opens.')).toBeTruthy();
  });

  test("the tag is asked from the deployment's NFC host", async () => {
    const handler = server();
    const { calls } = renderTab(<NfcTab {...props()} />, {
      handler: (method, url, body) =>
        url === '/api/v3/config'
          ? { status: 200, body: { data: { nfcHost: 'https://nfc.example.com/', weather: false } } }
          : url === 'https://nfc.example.com/api/v1/nfc/tag'
            ? { status: 200, body: { tag_uuid: 'EXT-1' } }
            : handler(method, url, body),
    });
    expect((await screen.findByTestId('nfc-tag-id')).textContent).toBe('EXT-1');
    expect(calls.some((c) => c.url === '/api/v1/nfc/tag')).toBe(false);
  });

  test('a unit without a tag says so', async () => {
    renderTab(<NfcTab {...props()} />, { handler: server({ tag: '' }) });
    expect((await screen.findByTestId('nfc-no-tag')).textContent).toBe(
      'No NFC tag is registered for this unit.',
    );
  });

  test("failed fetches say the spec's texts", async () => {
    renderTab(<NfcTab {...props()} />, { handler: server({ tagStatus: 500, settingsStatus: 500 }) });
    expect(await within(screen.getByTestId('nfc-tag')).findByText("Couldn't fetch NFC tag")).toBeTruthy();
    expect(
      await within(screen.getByTestId('nfc-settings')).findByText("Couldn't fetch NFC template and status"),
    ).toBeTruthy();
  });

  test('saving the template writes the settings section nfc with the revision; a failure keeps the choice', async () => {
    let fail = false;
    const write: FakeHandler = (method, url, body) => {
      if (method === 'PUT' && url === `/api/v2/device/legacy/devices/${UNIT_ID}/settings`) {
        if (fail) return { status: 500, body: { message: 'boom' } };
        return {
          status: 200,
          body: { data: settingsDoc({ revision: 4, settings: (body as { settings: never }).settings }) },
        };
      }
      return { status: 404 };
    };
    const { calls } = renderTab(<NfcTab {...props()} />, { handler: server({ write }) });
    fireEvent.change(await screen.findByLabelText('Template'), { target: { value: 'service' } });
    fireEvent.click(screen.getByTestId('nfc-save'));
    expect(await screen.findByText('NFC template and status saved.')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT')?.body as {
      revision: number;
      settings: Record<string, unknown>;
    };
    expect(put.revision).toBe(3);
    expect(put.settings.nfc).toEqual({ template: 'service', status: 'locked' });

    fail = true;
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'disabled' } });
    fireEvent.click(screen.getByTestId('nfc-save'));
    expect(await screen.findByText(/Couldn't update NFC template and status/)).toBeTruthy();
    expect(screen.getByLabelText('Status')).toHaveProperty('value', 'disabled');
  });

  test('a Reader sees the values, not a save button', async () => {
    renderTab(<NfcTab {...props({ canEdit: false })} />, { handler: server() });
    await waitFor(() => expect(screen.getByLabelText('Template')).toHaveProperty('disabled', true));
    expect(screen.queryByTestId('nfc-save')).toBeNull();
    expect(screen.getByText('You can view these settings but not change them.')).toBeTruthy();
  });
});

describe('changing the NFC tag', () => {
  const tagUrl = `/api/v3/device/devices/${UNIT_ID}/nfc/tag`;
  const accepting: FakeHandler = (method, url, body) =>
    method === 'PUT' && url === tagUrl
      ? { status: 200, body: { data: { tag_uuid: (body as { tagUuid: string }).tagUuid } } }
      : { status: 404 };

  test('a new tag id is checked by the shared rule, sent normalised, and shown', async () => {
    const { calls } = renderTab(<NfcTab {...props()} />, { handler: server({ tag: 'old-tag-1', write: accepting }) });
    const input = await screen.findByLabelText('New tag id');
    fireEvent.change(input, { target: { value: 'has space' } });
    fireEvent.click(screen.getByTestId('nfc-tag-save'));
    expect(await screen.findByText('Enter the tag id as printed on the tag: 1 to 64 letters, digits and hyphens.')).toBeTruthy();
    fireEvent.change(input, { target: { value: ' OLD-TAG-1 ' } });
    fireEvent.click(screen.getByTestId('nfc-tag-save'));
    expect(await screen.findByText('The unit already carries this tag.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(input, { target: { value: ' 5E2A9C41-7B3D ' } });
    fireEvent.click(screen.getByTestId('nfc-tag-save'));
    expect(await screen.findByText('NFC tag changed to 5e2a9c41-7b3d.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ url: tagUrl, body: { tagUuid: '5e2a9c41-7b3d' } });
    expect(screen.getByTestId('nfc-tag-id').textContent).toBe('5e2a9c41-7b3d');
    expect(screen.getByLabelText('New tag id')).toHaveProperty('value', '');
  });

  test("a tag another unit carries is refused with the spec's kind of message, and the input stays", async () => {
    const write: FakeHandler = (method, url) =>
      method === 'PUT' && url === tagUrl ? { status: 409, body: { message: 'in use' } } : { status: 404 };
    renderTab(<NfcTab {...props()} />, { handler: server({ write }) });
    fireEvent.change(await screen.findByLabelText('New tag id'), { target: { value: 'taken-1' } });
    fireEvent.click(screen.getByTestId('nfc-tag-save'));
    expect(await within(screen.getByTestId('nfc-tag-status').parentElement!).findByText(/already used by another unit/)).toBeTruthy();
    expect(screen.getByLabelText('New tag id')).toHaveProperty('value', 'taken-1');
  });

  test("another failure says Couldn't update NFC tag", async () => {
    const write: FakeHandler = () => ({ status: 500, body: { message: 'boom' } });
    renderTab(<NfcTab {...props()} />, { handler: server({ write }) });
    fireEvent.change(await screen.findByLabelText('New tag id'), { target: { value: 'new-1' } });
    fireEvent.click(screen.getByTestId('nfc-tag-save'));
    expect(await screen.findAllByText(/Couldn't update NFC tag/)).not.toHaveLength(0);
  });

  test('removing the tag asks first, naming the tag and the unit', async () => {
    const { calls } = renderTab(<NfcTab {...props()} />, { handler: server({ write: accepting }) });
    fireEvent.click(await screen.findByTestId('nfc-tag-remove'));
    const dialog = await screen.findByTestId('nfc-tag-remove-confirm');
    expect(within(dialog).getByText(/The tag TAG-0007-AB is removed from Pump 07/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove tag' }));
    expect(await screen.findByTestId('nfc-no-tag')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ tagUuid: '' });
    expect(screen.getByLabelText('Tag id')).toBeTruthy();
  });

  test('a unit without a tag can be given one', async () => {
    renderTab(<NfcTab {...props()} />, { handler: server({ tag: '', write: accepting }) });
    fireEvent.change(await screen.findByLabelText('Tag id'), { target: { value: 'first-tag' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add tag' }));
    expect((await screen.findByTestId('nfc-tag-id')).textContent).toBe('first-tag');
  });

  test("Readers, and tags kept by another NFC service, offer no change", async () => {
    const first = renderTab(<NfcTab {...props({ canEdit: false })} />, { handler: server() });
    await screen.findByTestId('nfc-tag-id');
    expect(screen.queryByTestId('nfc-tag-editor')).toBeNull();
    first.unmount();
    const handler = server();
    renderTab(<NfcTab {...props()} />, {
      handler: (method, url, body) =>
        url === '/api/v3/config'
          ? { status: 200, body: { data: { nfcHost: 'https://nfc.example.com', weather: false } } }
          : url === 'https://nfc.example.com/api/v1/nfc/tag'
            ? { status: 200, body: { tag_uuid: 'EXT-1' } }
            : handler(method, url, body),
    });
    await screen.findByTestId('nfc-tag-id');
    expect(screen.queryByTestId('nfc-tag-editor')).toBeNull();
    expect(screen.getByText(/kept by the NFC service at https:\/\/nfc.example.com/)).toBeTruthy();
  });
});
