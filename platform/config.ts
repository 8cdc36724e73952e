/**
 * Reading a worker's configuration (docs/architecture.md#rule-3): its string vars and secrets parsed once per env
 * object with a valibot schema, failing loudly with the name of every bad key.
 */
import * as v from 'valibot'

/** A reader of one worker's configuration: `schema` parses the vars, `build` shapes what the code reads. */
export function createConfigReader<S extends v.GenericSchema, C>(
  worker: string,
  schema: S,
  build: (vars: v.InferOutput<S>) => C,
): (env: object) => C {
  const cache = new WeakMap<object, C>()
  return function readConfig(env) {
    const hit = cache.get(env)
    if (hit !== undefined) return hit
    const parsed = v.safeParse(schema, env)
    if (!parsed.success) {
      const keys = parsed.issues.map((issue) => v.getDotPath(issue) ?? '?').join(', ')
      throw new Error(`invalid ${worker} configuration: ${keys}`)
    }
    const config = build(parsed.output)
    cache.set(env, config)
    return config
  }
}
