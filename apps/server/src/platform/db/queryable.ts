export interface QueryResult<T> {
  rows: T[];
}

/** What a handler or repository may call: one connection's (or transaction's) worth of SQL. */
export interface Queryable {
  query<T = Record<string, unknown>>(
    text: string,
    params?: readonly unknown[],
  ): Promise<QueryResult<T>>;
}
