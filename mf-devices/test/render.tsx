/** The devices remote's Root as the shell would mount it, at a URL, with a stub API (see @fieldwatch/shared/testing). */
import type { ApiClient } from '@fieldwatch/shared';
import { type AnswerFn, fakeApi as stubApi, renderRemote as render } from '@fieldwatch/shared/testing';
import common from '@fieldwatch/locales/common';
import devices from '@fieldwatch/locales/devices';
import { Root } from '../src/Root';

export type { Answer } from '@fieldwatch/shared/testing';

const remote = { Root, basename: '/devicemanagement', namespace: 'devices', bundles: { common, devices } };

export const fakeApi = (answer: AnswerFn) => stubApi(answer, jest.fn);

export const renderRemote = (url: string, api: ApiClient) =>
  render({ ...remote, url, api, navigate: jest.fn() });
