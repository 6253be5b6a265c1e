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
import type { QueryValue } from '../api/client';
import { adminRequest } from './admin-request';

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

async function getList<R extends RaRecord>(resource: string, params: GetListParams): Promise<GetListResult<R>> {
  const { pagination, sort, filter } = params;
  const { data, total } = await adminRequest<R[]>(resource, {
    query: {
      page: pagination?.page,
      pageSize: pagination?.perPage,
      sort: sort?.field,
      order: sort?.order.toLowerCase(),
      ...filterQuery(filter),
    },
  });
  return { data, total: total ?? data.length };
}

async function getOne<R extends RaRecord>(resource: string, { id }: GetOneParams<R>): Promise<GetOneResult<R>> {
  const { data } = await adminRequest<R>(`${resource}ById`, { query: { id } });
  return { data };
}

/** POST creates a row, or updates it when the body has an id (the resource engine's create-or-update). */
async function save<R extends RaRecord>(resource: string, body: Partial<R>): Promise<R> {
  const { data, insertId } = await adminRequest<R | null>(resource, { method: 'POST', body });
  return { ...body, ...data, id: data?.id ?? body.id ?? insertId } as R;
}

async function remove(resource: string, id: Identifier) {
  await adminRequest<unknown>(resource, { method: 'DELETE', query: { id } });
}

/** react-admin's data provider over our REST-ish API (see DESIGN.md, "The resource engine"). */
export const dataProvider: DataProvider = {
  getList,
  getOne,

  async getMany<R extends RaRecord>(resource: string, { ids }: GetManyParams<R>): Promise<GetManyResult<R>> {
    const rows = await Promise.all(ids.map((id) => getOne<R>(resource, { id })));
    return { data: rows.map((row) => row.data) };
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
    return { data: await save<R>(resource, { id, ...data }) };
  },

  async updateMany<R extends RaRecord>(
    resource: string,
    { ids, data }: UpdateManyParams<R>,
  ): Promise<UpdateManyResult<R>> {
    await Promise.all(ids.map((id) => save<R>(resource, { id, ...data })));
    return { data: ids };
  },

  async delete<R extends RaRecord>(resource: string, { id, previousData }: DeleteParams<R>): Promise<DeleteResult<R>> {
    await remove(resource, id);
    return { data: previousData ?? ({ id } as R) };
  },

  async deleteMany<R extends RaRecord>(resource: string, { ids }: DeleteManyParams<R>): Promise<DeleteManyResult<R>> {
    await Promise.all(ids.map((id) => remove(resource, id)));
    return { data: ids };
  },
};
