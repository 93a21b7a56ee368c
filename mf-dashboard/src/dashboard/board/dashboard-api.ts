/**
 * The dashboard API as the board uses it: calls of the API table's dashboard endpoints that keep a
 * failure's status and message (the saver tells a conflict (409) from a refused content (400) and a
 * network error), and a dashboard's document as a query on the page's data cache.
 */
import { isAxiosError } from 'axios';
import {
  ENDPOINTS,
  errorMessage,
  pathFor,
  type AnswerOf,
  type ApiClient,
  type BodyOf,
  type DashboardDocument,
  type HttpMethod,
  type ParamNames,
  type PathParams,
  type QueryOf,
} from '@fieldwatch/shared';
import { dashboardKey } from '../../widgets/kit/data/widget-query';

export type CallResult<T> = { ok: true; data: T } | { ok: false; status?: number; message: string };

type TableEndpoint = { readonly method: HttpMethod; readonly path: string };

/** The body and query of a call, and the values of its path's `:name` segments when it has any. */
export type CallOptions<E extends TableEndpoint> = {
  data?: [BodyOf<E>] extends [never] ? undefined : BodyOf<E>;
  params?: [QueryOf<E>] extends [never] ? undefined : QueryOf<E>;
} & ([ParamNames<E['path']>] extends [never] ? { path?: undefined } : { path: PathParams<E['path']> });

const fillPath = pathFor as (endpoint: { path: string }, params?: Record<string, string | number>) => string;

/** A call through the shared client's axios instance, keeping the status and message of a failure. */
export async function call<E extends TableEndpoint>(
  api: ApiClient,
  endpoint: E,
  options: CallOptions<E> = {} as CallOptions<E>,
): Promise<CallResult<AnswerOf<E>>> {
  try {
    const res = await api.http.request({
      method: endpoint.method,
      url: fillPath(endpoint, options.path),
      data: options.data,
      params: options.params,
    });
    const body = res.data as unknown;
    const data =
      body && typeof body === 'object' && !Array.isArray(body) && 'data' in body
        ? (body as { data: AnswerOf<E> }).data
        : (body as AnswerOf<E>);
    return { ok: true, data };
  } catch (err) {
    return {
      ok: false,
      status: isAxiosError(err) ? err.response?.status : undefined,
      message: errorMessage(err),
    };
  }
}

/** A failed call as the error of a query, with the call's status and message. */
export class DashboardCallFailed extends Error {
  constructor(
    readonly status: number | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'DashboardCallFailed';
  }
}

/** A dashboard's document (content and the updatedAt the next save must send). */
export function dashboardDocumentQuery(api: ApiClient, id: number) {
  return {
    queryKey: dashboardKey('document', id),
    queryFn: async (): Promise<DashboardDocument> => {
      const res = await call(api, ENDPOINTS.dashboard, { path: { id } });
      if (!res.ok) throw new DashboardCallFailed(res.status, res.message);
      return res.data;
    },
  };
}
