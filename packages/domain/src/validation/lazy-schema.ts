/**
 * A schema built on its first use instead of when its module is evaluated. The browser's build wraps the
 * domain's module-level schemas in it (`apps/web/lazy-schemas-plugin.ts`): a phone's first visit evaluates
 * hundreds of them and reads almost none (a form's schema is read when the form validates), and building them
 * was a long task after the first paint. The server and the tests use the schemas as written.
 *
 * Every operation on the stand-in is passed to the schema, built once: zod's methods, `instanceof`, `in`
 * (react-hook-form's resolver tells zod's versions apart by it), the keys of an object schema's shape.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => {
    built ??= build();
    return built;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(schema(), key),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    has: (_, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      // The stand-in holds none of these itself: a proxy may only report them as configurable.
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(schema(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
