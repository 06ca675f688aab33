/** The camelCase shape the API client hands back for a snake_case contract type (DESIGN.md §3). */
type CamelKey<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelKey<Tail>>}` : S;

export type Camelized<T> = T extends readonly (infer Item)[]
  ? Camelized<Item>[]
  : T extends object
    ? { [K in keyof T as K extends string ? CamelKey<K> : K]: Camelized<T[K]> }
    : T;
