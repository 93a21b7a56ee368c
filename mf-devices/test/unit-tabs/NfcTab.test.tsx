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
