/** The shared icons as the admin area and profile draw them: a little finer (stroke 1.7). */
import { Icon as SharedIcon, type IconProps } from '@fieldwatch/shared/ui';

export type { IconName } from '@fieldwatch/shared/ui';

export function Icon(props: IconProps) {
  return <SharedIcon strokeWidth={1.7} {...props} />;
}
