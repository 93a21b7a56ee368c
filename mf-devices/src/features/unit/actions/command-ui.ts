/** How a command's state looks: the tone of its chip. */
import type { CommandState } from '@fieldwatch/shared';
import type { Tone } from '@fieldwatch/shared/ui';

export const COMMAND_TONE: Record<CommandState, Tone> = {
  queued: 'muted',
  sent: 'info',
  acknowledged: 'success',
  failed: 'danger',
  timedOut: 'warning',
};
