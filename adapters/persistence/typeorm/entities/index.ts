/** Every TypeORM entity, listed explicitly so the compiled build and the tests load the same set. */
export const ENTITIES: Function[] = [];
