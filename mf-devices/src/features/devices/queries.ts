/** Server data the device table shares between its parts (TanStack Query is the one cache). */
import { useQuery } from '@tanstack/react-query';
import { ENDPOINTS, pathFor, type Container } from '@fieldwatch/shared';
import { useRemote, useSession } from '@fieldwatch/shared/remote';

/** The preferences query (the configured columns). */
export const PREFERENCES_KEY = ['preferences'] as const;

/** Groups and locations of the selected customers, for the filters, the bulk move and "add device". */
export function useContainers() {
  const { api } = useRemote();
  const selectedCustomers = useSession((s) => s.selectedCustomers);
  return useQuery({
    queryKey: ['containers', selectedCustomers],
    queryFn: async () => {
      const [data, failed] = await api.get<Container[]>(pathFor(ENDPOINTS.containers), { use_context: true }, []);
      if (failed) throw new Error('containers');
      return data;
    },
  });
}
