import type {
  CreateParams,
  CreateResult,
  DataProvider,
  DeleteManyParams,
  DeleteManyResult,
  DeleteParams,
  DeleteResult,
  GetListParams,
  GetListResult,
  GetManyParams,
  GetManyReferenceParams,
  GetManyReferenceResult,
  GetManyResult,
  GetOneParams,
  GetOneResult,
  Identifier,
  RaRecord,
  UpdateManyParams,
  UpdateManyResult,
  UpdateParams,
  UpdateResult,
} from 'react-admin';
import { HttpError } from 'react-admin';
import { ApiError, type QueryValue } from '../api/client';
import { adminRequest } from './admin-request';
import { apiOf } from './resource-api';

/** The server pages at most this many rows; a longer export is read page by page. */
const SERVER_PAGE = 500;

/**
 * The list routes take each filter as `field=value` and match it by equality (`q` searches the text fields): there
 * is no "one of several values". A filter holding a list or an object is refused here, rather than sent as a value
 * no row has; react-admin asks for several ids through getMany, which reads them one by one.
 */
function filterQuery(filter: Record<string, unknown> = {}): Record<string, QueryValue> {
  for (const [key, value] of Object.entries(filter)) {
    if (typeof value === 'object' && value !== null) throw new Error(`The ${key} filter takes one value`);
  }
  return filter as Record<string, QueryValue>;
}

/**
 * Our API errors as react-admin's HttpError: the status for the auth provider, and each field the server refused
 * (the envelope's `fields`) as the body's `errors`, which react-admin puts under that field of the form.
 */
export function httpErrorOf(error: ApiError): HttpError {
  const errors: Record<string, string> = {};
  // A field the schema refuses twice (too short and the wrong form) shows its first message.
  for (const field of error.fields) errors[field.path] ??= field.message;
  return new HttpError(error.message, error.status, error.fields.length > 0 ? { errors } : undefined);
}

async function call<T>(...args: Parameters<typeof adminRequest<T>>) {
  try {
    return await adminRequest<T>(...args);
  } catch (error) {
    throw error instanceof ApiError ? httpErrorOf(error) : error;
  }
}

async function getList<R extends RaRecord>(resource: string, params: GetListParams): Promise<GetListResult<R>> {
  const api = apiOf(resource);
  const { pagination, sort, filter } = params;
  const perPage = pagination?.perPage ?? 25;
  const page = pagination?.page ?? 1;
  const { path, query } = api.list(filterQuery(filter));
  const read = (serverPage: number, pageSize: number) =>
    call<R[]>(path, {
      query: {
        page: serverPage,
        pageSize,
        sort: api.sortable === false ? undefined : sort?.field,
        order: api.sortable === false ? undefined : sort?.order.toLowerCase(),
        ...query,
      },
    });
  if (perPage <= SERVER_PAGE) {
    const { data, total } = await read(page, perPage);
    return { data: data.map(api.fromServer), total: total ?? data.length };
  }
  // An export asks for more than one server page: read the filtered rows in server pages.
  const first = (page - 1) * perPage;
  const rows: R[] = [];
  let total = 0;
  for (let at = first; at < first + perPage; at += SERVER_PAGE) {
    const chunk = await read(Math.floor(at / SERVER_PAGE) + 1, SERVER_PAGE);
    total = chunk.total ?? chunk.data.length;
    rows.push(...chunk.data);
    if (chunk.data.length < SERVER_PAGE) break;
  }
  return { data: rows.slice(0, perPage).map(api.fromServer), total };
}

async function getOne<R extends RaRecord>(resource: string, { id }: GetOneParams<R>): Promise<GetOneResult<R>> {
  const api = apiOf(resource);
  const { data } = await call<R>(api.one ?? `${api.base}ById`, { query: { id } });
  return { data: api.fromServer(data) };
}

/** POST creates a row, or updates it when the body has an id (the resource engine's create-or-update). */
async function save<R extends RaRecord>(resource: string, body: Partial<R>): Promise<R> {
  const api = apiOf(resource);
  const { data, insertId } = await call<R | null>(api.base, { method: 'POST', body: api.toServer(body) });
  return api.fromServer({ ...body, ...data, id: data?.id ?? body.id ?? insertId } as R);
}

async function remove(resource: string, id: Identifier) {
  await call<unknown>(apiOf(resource).base, { method: 'DELETE', query: { id } });
}

/** react-admin's data provider over our API (see DESIGN.md, "The resource engine"; `resource-api.ts` for paths). */
export const dataProvider: DataProvider = {
  getList,
  getOne,

  async getMany<R extends RaRecord>(resource: string, { ids }: GetManyParams<R>): Promise<GetManyResult<R>> {
    const rows = await Promise.all(
      [...new Set(ids)].map((id) =>
        getOne<R>(resource, { id }).then(
          (r) => r.data,
          () => null,
        ),
      ),
    );
    // A reference to a removed row shows as missing, not as an error for the whole column.
    return { data: rows.filter((row): row is Awaited<R> => row !== null) };
  },

  getManyReference<R extends RaRecord>(
    resource: string,
    { target, id, ...params }: GetManyReferenceParams,
  ): Promise<GetManyReferenceResult<R>> {
    return getList<R>(resource, { ...params, filter: { ...params.filter, [target]: id } });
  },

  async create<R extends Omit<RaRecord, 'id'>, Result extends RaRecord = R & { id: Identifier }>(
    resource: string,
    { data }: CreateParams<R>,
  ): Promise<CreateResult<Result>> {
    return { data: await save<Result>(resource, data as Partial<Result>) };
  },

  // The record's own id comes last: react-admin's `id` is read from the URL and is a string there.
  async update<R extends RaRecord>(resource: string, { id, data }: UpdateParams<R>): Promise<UpdateResult<R>> {
    return { data: await save<R>(resource, { ...data, id: Number(id) }) };
  },

  async updateMany<R extends RaRecord>(
    resource: string,
    { ids, data }: UpdateManyParams<R>,
  ): Promise<UpdateManyResult<R>> {
    for (const id of ids) await save<R>(resource, { ...data, id });
    return { data: ids };
  },

  async delete<R extends RaRecord>(resource: string, { id, previousData }: DeleteParams<R>): Promise<DeleteResult<R>> {
    await remove(resource, id);
    return { data: previousData ?? ({ id } as R) };
  },

  async deleteMany<R extends RaRecord>(resource: string, { ids }: DeleteManyParams<R>): Promise<DeleteManyResult<R>> {
    for (const id of ids) await remove(resource, id);
    return { data: ids };
  },
};
